/**
 * A slow phone network in front of a local server, for the second-page measure: a TCP proxy that
 * delays every byte by half the round trip each way and paces each direction at the link's rate,
 * with one round trip for opening a connection. Throttling the wire rather than the tab also slows
 * what Chrome fetches for a page it prepares in the background, as a real network would.
 */
import { createServer, connect, type Server, type Socket } from 'node:net';

export interface LinkProfile {
  roundTripMs: number;
  kbitPerSecond: number;
}

/** A phone on a poor mobile connection: 400 kbit/s each way, 400 ms round trip. */
export const slowPhoneLink: LinkProfile = { roundTripMs: 400, kbitPerSecond: 400 };

const segmentBytes = 1460;

/** Sends what `from` reads to `to` as the link would: paced, then delayed by half a round trip. */
function pace(from: Socket, to: Socket, link: LinkProfile, busyUntil: number) {
  const bytesPerMs = (link.kbitPerSecond * 1000) / 8 / 1000;
  let lastDelivery = 0;
  from.on('data', (chunk: Buffer) => {
    for (let start = 0; start < chunk.length; start += segmentBytes) {
      const segment = chunk.subarray(start, start + segmentBytes);
      busyUntil = Math.max(busyUntil, performance.now()) + segment.length / bytesPerMs;
      lastDelivery = busyUntil + link.roundTripMs / 2;
      setTimeout(() => to.writable && to.write(segment), lastDelivery - performance.now());
    }
  });
  from.on('end', () => setTimeout(() => to.end(), Math.max(0, lastDelivery - performance.now())));
}

/** Listens for connections and forwards each to `port` on this machine through the slow link. */
export function throttledLink(port: number, link: LinkProfile): Server {
  return createServer((client) => {
    const server = connect(port, '127.0.0.1');
    const close = () => {
      client.destroy();
      server.destroy();
    };
    client.on('error', close);
    server.on('error', close);
    client.on('close', () => server.end());
    // The handshake's round trip comes before the request's first byte can leave.
    pace(client, server, link, performance.now() + link.roundTripMs);
    pace(server, client, link, 0);
  });
}
