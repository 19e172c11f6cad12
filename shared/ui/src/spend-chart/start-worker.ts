/**
 * Starts a classic worker from a script that may be on another origin. A remote's chunks are served
 * from its own origin (a CDN), and a page may not start a worker from another origin's URL: the
 * worker then starts from a same-origin bootstrap (a blob: URL, which the shell's worker-src allows,
 * scripts/deploy/security-headers.ts) that imports the script (the shell's script-src allows the
 * remotes' origins). The bootstrap gives the worker the script's location, so the bundler's runtime
 * in it resolves its chunks against the remote's origin, as the page's runtime does.
 */
export function startWorker(url: URL, options?: WorkerOptions): Worker {
  if (typeof Worker !== 'function') throw new Error('This browser runs no workers');
  if (url.origin === globalThis.location.origin) return new Worker(url, options);
  const href = JSON.stringify(url.href);
  const source = `Object.defineProperty(self, 'location', { value: new URL(${href}) });\nimportScripts(${href});\n`;
  const bootstrap = URL.createObjectURL(new Blob([source], { type: 'text/javascript' }));
  const worker = new Worker(bootstrap, options);
  const revoke = () => URL.revokeObjectURL(bootstrap);
  worker.addEventListener('message', revoke, { once: true });
  worker.addEventListener('error', revoke, { once: true });
  return worker;
}
