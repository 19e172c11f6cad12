import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import http from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './free-port';
import { API_BODY_LIMIT, bodyTooLarge } from './static-host';

/**
 * The shell's host in a process of its own, so its memory is measured alone: uploads of 400 MB,
 * with a Content-Length and without one, each answered 413 by the API proxy. The host reads a
 * refused body no further, so its memory and the bytes it reads stay flat however much is sent.
 */
const UPLOAD = 400 * 1024 * 1024;
const PIECE = Buffer.alloc(1024 * 1024, 'x');
const MB = 1024 * 1024;

/**
 * The child: the host proxying /api/ to a port nothing listens on (no refused body reaches it),
 * answering each 'measure' with its memory after a full collection and the bytes its
 * connections have read.
 */
const CHILD = `
import { subscribe } from 'node:diagnostics_channel';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
const { startStaticHost } = await import(process.env.HOST_MODULE);
let closedBytes = 0;
const open = new Set();
subscribe('net.server.socket', ({ socket }) => {
  open.add(socket);
  socket.once('close', () => {
    closedBytes += socket.bytesRead;
    open.delete(socket);
  });
});
const host = await startStaticHost({
  root: mkdtempSync(join(tmpdir(), 'static-host-memory-')),
  port: 0,
  host: '127.0.0.1',
  proxy: { prefix: '/api/', target: 'http://127.0.0.1:' + process.env.API_PORT },
});
process.on('message', (message) => {
  if (message === 'stop') return void host.close().then(() => process.exit(0));
  globalThis.gc();
  globalThis.gc();
  let bytesRead = closedBytes;
  for (const socket of open) bytesRead += socket.bytesRead;
  process.send({ rss: process.memoryUsage().rss, bytesRead });
});
process.send({ url: host.url });
`;

interface Measure {
  rss: number;
  bytesRead: number;
}

let child: ChildProcess;
let url: string;

beforeAll(async () => {
  const repo = join(dirname(fileURLToPath(import.meta.url)), '../..');
  child = spawn(
    process.execPath,
    ['--import', 'tsx', '--expose-gc', '--input-type=module', '--eval', CHILD],
    {
      cwd: repo,
      env: {
        ...process.env,
        HOST_MODULE: pathToFileURL(join(repo, 'scripts/host/static-host.ts')).href,
        API_PORT: String(await freePort()),
      },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    },
  );
  const [ready] = (await Promise.race([
    once(child, 'message'),
    once(child, 'exit').then(([code]) => Promise.reject(new Error(`The host exited (${String(code)}).`))),
  ])) as [{ url: string }];
  url = ready.url;
}, 60_000);

afterAll(async () => {
  if (!child || child.exitCode !== null) return;
  child.send('stop');
  await once(child, 'exit');
});

async function measure(): Promise<Measure> {
  child.send('measure');
  const [answer] = (await once(child, 'message')) as [Measure];
  return answer;
}

/**
 * One upload (400 MB unless told), as a client does that streams a file: 1 MB pieces as fast as
 * the host takes them, until the answer comes (then it stops, and closes its connection).
 */
function upload(withLength: boolean, size = UPLOAD): Promise<{ status: number; body: string; sent: number }> {
  return new Promise((resolveUpload, reject) => {
    let sent = 0;
    let answered = false;
    const request = http.request(`${url}/api/v1/form-submission/submit`, {
      method: 'POST',
      agent: false,
      headers: {
        'Content-Type': 'application/json',
        ...(withLength ? { 'Content-Length': String(size) } : {}),
      },
    });
    request.once('response', (response) => {
      answered = true;
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => {
        resolveUpload({ status: response.statusCode ?? 0, body, sent });
        request.destroy();
      });
    });
    request.once('error', (error) => {
      if (!answered) reject(error);
    });
    const pump = () => {
      while (!answered && sent < size) {
        sent += PIECE.length;
        if (!request.write(PIECE)) return void request.once('drain', pump);
      }
      if (!answered) request.end();
    };
    pump();
  });
}

describe('the API proxy under 400 MB uploads', () => {
  it('answers each 413 and reads no further: 20 of each kind add under 50 MB to the host', async () => {
    // A small one of each first loads the code that answers them.
    await upload(true, MB);
    await upload(false, MB);
    const before = await measure();

    let offered = 0;
    for (let round = 0; round < 20; round += 1) {
      for (const withLength of [true, false]) {
        const answer = await upload(withLength);
        expect(answer.status).toBe(413);
        expect(JSON.parse(answer.body)).toEqual(bodyTooLarge(API_BODY_LIMIT));
        offered += UPLOAD;
      }
    }
    const after = await measure();

    const grew = (after.rss - before.rss) / MB;
    const read = (after.bytesRead - before.bytesRead) / MB;
    expect(grew, `RSS ${Math.round(before.rss / MB)} → ${Math.round(after.rss / MB)} MB`).toBeLessThan(50);
    // 40 bodies of 400 MB offered; each read at most its limit and what was already on the way.
    expect(offered / MB).toBe(40 * 400);
    expect(read, `${read.toFixed(1)} MB read of ${offered / MB} MB offered`).toBeLessThan(40);
  }, 60_000);
});
