import { DIVISIONS, type ConfigurationEntry, type DivisionCode } from '@promo/domain/types';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../http/app-context';
import { requireUser } from '../http/session-guard';
import { idListSchema, parseInput } from '../http/validation';

const querySchema = z.object({ ids: idListSchema });

/** 'division.details' is an addition to the original API: each division's name and logo image id. */
interface DivisionDetails {
  division: DivisionCode;
  name: string;
  logo: { id: string };
}

// The screens' division order (DIVISIONS in @promo/domain/types); Object.keys(DIVISIONS) would put '2' first, as integer-like keys sort first.
const DIVISION_ORDER: readonly DivisionCode[] = ['A', 'B', 'T', '2', 'P', 'D', 'N'];

function divisionLogoId(code: DivisionCode): string {
  return `division-logo-${code}`;
}

export function registerConfigurationRoutes(app: FastifyInstance, ctx: AppContext): void {
  /**
   * 'branch.details' is the branch list; a rep sees the branches of their allowed regions
   * only, a customer sees all. Unknown ids are left out.
   */
  app.get('/configuration/get', async (request, reply): Promise<ConfigurationEntry[]> => {
    const user = requireUser(ctx, request, reply);
    const { ids } = parseInput(querySchema, request.query);
    const entries: ConfigurationEntry[] = [];
    for (const id of ids) {
      if (id === 'branch.details') {
        entries.push({ id, value: ctx.content.branchesFor(user) });
      } else if (id === 'division.details') {
        const value: DivisionDetails[] = DIVISION_ORDER.map((division) => ({
          division,
          name: DIVISIONS[division],
          logo: { id: divisionLogoId(division) },
        }));
        entries.push({ id, value });
      }
    }
    return entries;
  });
}
