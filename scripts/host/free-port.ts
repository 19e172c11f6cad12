/** A free TCP port, for a test's own server or a helper the engine runner starts. */
import { createServer, type AddressInfo } from 'node:net';

/** A TCP port on `host` (loopback) that nobody listens on now, for a test's own server. */
export function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, host, () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolvePort(port));
    });
  });
}
