// Garbage-collection stress for a SQLite binding under the running Node: prepares and drops
// thousands of statements and lets V8 collect them in the situations that have aborted a binding
// before ("Assertion failed: (env) != nullptr" in better-sqlite3 12's Statement::~Statement on
// Node 24.19+; docs/decisions/034-node-and-sqlite.md). Each scenario runs in a process of its own,
// so an abort in one is reported (signal, exit code) and the others still run.
//
//   npm run check:sqlite-gc                        the better-sqlite3 this checkout installed
//   npm run check:sqlite-gc -- node:sqlite         Node's built-in module (Node 22.13+)
//   npm run check:sqlite-gc -- /tmp/scratch        the better-sqlite3 installed in another folder
//
// Prints one line per scenario and exits 1 if any scenario failed.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isMainThread, Worker, workerData } from 'node:worker_threads';

const STATEMENTS = 20_000;
const GC_EVERY = 500;
const KEPT = 2_000;

const scenarios = {
  // Statements prepared, run once and dropped while the database stays open; gc() collects them.
  churn: (db) => {
    churn(db, STATEMENTS);
    globalThis.gc();
  },
  // The same in bursts, with the event loop idle in between, as in a server between requests: V8
  // then collects from a task of its own, outside any JavaScript call. This is what aborts
  // better-sqlite3 12 on Node 24.19+ (its statements' destructor needs a current context).
  'idle-between': async (db) => {
    for (let round = 0; round < 10; round += 1) {
      churn(db, STATEMENTS, false);
      await new Promise((done) => setTimeout(done, 100));
    }
  },
  // Statements still referenced when the database closes, collected afterwards.
  'close-then-gc': (db) => {
    let kept = keep(db, KEPT);
    db.close();
    kept = null;
    globalThis.gc();
    return kept;
  },
  // Statements left for the process's own teardown: nothing collects them before exit.
  'exit-with-live': (db) => {
    globalThis.keptUntilExit = keep(db, KEPT);
    churn(db, STATEMENTS / 4);
  },
  // A worker thread prepares and drops statements and ends with some alive; its environment is
  // torn down while they are still to be collected, then the main thread collects garbage too.
  worker: async (_db, binding) => {
    // V8 flags are per process: the worker has gc() too.
    const worker = new Worker(fileURLToPath(import.meta.url), { workerData: { binding } });
    const code = await new Promise((done, fail) => worker.once('exit', done).once('error', fail));
    if (code !== 0) throw new Error(`worker exited with ${code}`);
    globalThis.gc();
  },
};

function churn(db, count, collect = true) {
  for (let i = 0; i < count; i += 1) {
    db.prepare(`SELECT value + ${i % 97} AS v FROM t WHERE id = ?`).get(i % 100);
    if (collect && i % GC_EVERY === 0) globalThis.gc();
  }
}

function keep(db, count) {
  return Array.from({ length: count }, (_, i) => db.prepare(`SELECT ${i} + value FROM t WHERE id = ?`));
}

function open(binding) {
  let db;
  if (binding === 'node:sqlite') {
    const { DatabaseSync } = createRequire(import.meta.url)('node:sqlite');
    db = new DatabaseSync(':memory:');
  } else {
    const from = binding ? join(resolve(binding), 'package.json') : import.meta.url;
    const Database = createRequire(from)('better-sqlite3');
    db = new Database(':memory:');
  }
  db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, value INTEGER)');
  const insert = db.prepare('INSERT INTO t (id, value) VALUES (?, ?)');
  for (let i = 0; i < 100; i += 1) insert.run(i, i * 2);
  return db;
}

function describeBinding(binding) {
  if (binding === 'node:sqlite') return 'node:sqlite';
  const from = binding ? join(resolve(binding), 'package.json') : import.meta.url;
  return `better-sqlite3 ${createRequire(from)('better-sqlite3/package.json').version}`;
}

if (!isMainThread) {
  const db = open(workerData.binding);
  churn(db, STATEMENTS / 4);
  globalThis.gc();
  globalThis.keptInWorker = keep(db, KEPT);
} else if (process.argv[2] === '--scenario') {
  const [, , , name, binding] = process.argv;
  const db = open(binding || undefined);
  await scenarios[name](db, binding || undefined);
} else {
  const binding = process.argv[2] ?? '';
  console.log(`${describeBinding(binding)} on Node ${process.version}`);
  let failed = 0;
  for (const name of Object.keys(scenarios)) {
    const started = performance.now();
    const child = spawnSync(
      process.execPath,
      ['--expose-gc', '--no-warnings', fileURLToPath(import.meta.url), '--scenario', name, binding],
      { encoding: 'utf8' },
    );
    const ms = Math.round(performance.now() - started);
    const ok = child.status === 0 && child.signal === null;
    if (!ok) failed += 1;
    const how = ok ? 'ok' : `FAILED (${child.signal ?? `exit ${child.status}`})`;
    const why = ok
      ? ''
      : `: ${/Assertion failed[^\n]*|Error[^\n]*/.exec(child.stderr)?.[0] ?? child.stderr.trim().split('\n')[0]}`;
    console.log(`  ${name.padEnd(15)} ${how} in ${ms} ms${why}`);
  }
  process.exitCode = failed ? 1 : 0;
}
