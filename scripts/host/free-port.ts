/** A free TCP port, for a test or a helper the engine runner starts. */
import { createServer, type AddressInfo } from 'node:net';

/**
 * A TCP port on `host` (loopback) that nobody listens on now: for a port that must be known before
 * anything listens (an address nothing answers on, a helper process's command line). A server that
 * can say which port it got listens on port 0 instead: between this lookup and a later bind, another
 * server can take the port.
 */
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
