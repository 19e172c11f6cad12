import { cpSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = fileURLToPath(new URL('../..', import.meta.url));

/**
 * A copy of the customer build whose dashboard heading reads 'Active Promotions <label>': a changed
 * remote to deploy, without a second build.
 */
export function changedCustomerBuild(label: string): string {
  const dir = join(mkdtempSync(join(tmpdir(), 'ezy-changed-customer-')), 'dist');
  cpSync(join(repo, 'remotes/customer/dist'), dir, { recursive: true });
  const chunks = join(dir, 'static/js/async');
  let changed = 0;
  for (const file of readdirSync(chunks)) {
    const source = readFileSync(join(chunks, file), 'utf8');
    if (!source.includes('Active Promotions')) continue;
    writeFileSync(join(chunks, file), source.replaceAll('Active Promotions', `Active Promotions ${label}`));
    changed++;
  }
  if (changed === 0) throw new Error('No customer chunk holds the dashboard heading.');
  return dir;
}
