/**
 * A cap on the connections one address holds at once, so that one address opening hundreds of
 * slow connections cannot fill the server's whole cap and lock every other visitor out: past it,
 * that address's new connections are closed on arrival, and everyone else's are served. Counted by
 * the connecting socket's address, an IPv6 one by its /64 as the rate limit counts visitors
 * (src/lib/shared/ip-address.ts).
 */
import type { Server, Socket } from 'node:net';
import { rateLimitKey } from '../src/lib/shared/ip-address.ts';

/**
 * Counts each address's open connections on `server` and closes those past `max`; `onRefused`
 * hears once each time an address reaches the cap (not once per refused connection, which a
 * flood would turn into a flood of log lines).
 */
export function capConnectionsPerAddress(server: Server, max: number, onRefused: () => void): void {
  const open = new Map<string, number>();
  const refusing = new Set<string>();

  server.on('connection', (socket: Socket) => {
    const address = rateLimitKey(socket.remoteAddress);
    const count = open.get(address) ?? 0;
    if (count >= max) {
      if (!refusing.has(address)) onRefused();
      refusing.add(address);
      socket.destroy();
      return;
    }
    open.set(address, count + 1);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      refusing.delete(address);
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}
