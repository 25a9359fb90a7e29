/**
 * A connection a cross-engine test can cut, as WebDriver cannot take WebKitGTK offline: an HTTP
 * proxy in front of the suite's server that forwards every request, except that while cut it drops
 * the connection of each request to one path, unanswered. The page's fetch then fails on the
 * network, as on a phone whose connection has gone while the browser still believes it is online.
 * Each request carries one address of its own in X-Forwarded-For (the suite's server trusts one
 * proxy), so the page is its own client for the function's rate limit.
 */
import { randomInt } from 'node:crypto';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';

export async function cutoffProxy(site: URL, cutPath: string) {
  const client = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
  let cut = false;
  const server = createServer((incoming, answer) => {
    if (cut && new URL(incoming.url ?? '/', site).pathname === cutPath) {
      incoming.socket.destroy();
      return;
    }
    const upstream = request(
      {
        host: site.hostname,
        port: site.port,
        method: incoming.method,
        path: incoming.url,
        headers: { ...incoming.headers, 'x-forwarded-for': client },
      },
      (response) => {
        answer.writeHead(response.statusCode ?? 502, response.headers);
        response.pipe(answer);
      },
    );
    upstream.on('error', () => answer.destroy());
    incoming.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    /** The address of `path` through the proxy. */
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    /** Drops (true) or forwards again (false) the requests to `cutPath`. */
    cut: (value: boolean) => {
      cut = value;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
