/**
 * Fair shares of the server's connections, so that a few addresses opening hundreds of slow
 * connections cannot fill the whole cap and lock every other visitor out. An address (IPv4, or an
 * IPv6 /64, as the rate limit counts visitors: src/lib/shared/ip-address.ts) holds at most
 * `perAddress` at once, and one IPv6 /48 (a site's allocation, holding 65,536 /64s its owner may
 * all use) at most `perNetwork`; the last `reserve` of the whole cap go only to addresses that
 * hold fewer than `few`, as a browser does (six per site), in a /48 holding fewer than one address
 * may, so seventeen addresses holding their 32 each still leave room for everyone else. Every refusal is logged with its reason, once a minute
 * per address (or per /48), so a flood does not become a flood of log lines.
 */
import type { Server, Socket } from 'node:net';
import { ipv6Network, rateLimitKey } from '../src/lib/shared/ip-address.ts';

export interface ShareLimits {
  /** Held by the whole server at once. */
  total: number;
  perAddress: number;
  perNetwork: number;
  /** The last this many of `total`, kept for addresses that hold fewer than `few`. */
  reserve: number;
  few: number;
}

type Refusal = { reason: 'full' | 'address' | 'network' | 'reserve'; address: string; network?: string };
type Taken = { release: () => void };

/** Counts what each address and /48 holds; `take` admits one more or says why not. */
function createShares(limits: ShareLimits) {
  const held = new Map<string, number>();
  let total = 0;
  const count = (key: string | undefined) => (key === undefined ? 0 : (held.get(key) ?? 0));
  const add = (key: string | undefined, step: number) => {
    if (key === undefined) return;
    const next = count(key) + step;
    if (next > 0) held.set(key, next);
    else held.delete(key);
  };

  function refusal(address: string, network: string | undefined): Refusal['reason'] | undefined {
    if (total >= limits.total) return 'full';
    if (count(address) >= limits.perAddress) return 'address';
    if (count(network) >= limits.perNetwork) return 'network';
    // The reserve is for those holding few: an address holding `few`, or a /48 holding as many as
    // one address may (spread over its /64s, each holding fewer), has had its share.
    const holdsEnough = count(address) >= limits.few || count(network) >= limits.perAddress;
    if (total >= limits.total - limits.reserve && holdsEnough) return 'reserve';
    return undefined;
  }

  return {
    take(remote: string | undefined): Taken | Refusal {
      const address = rateLimitKey(remote);
      const network = ipv6Network(remote, 48);
      const reason = refusal(address, network);
      if (reason) return { reason, address, network };
      total += 1;
      add(address, 1);
      add(network, 1);
      let released = false;
      return {
        release: () => {
          if (released) return;
          released = true;
          total -= 1;
          add(address, -1);
          add(network, -1);
        },
      };
    },
  };
}

/** The log line for a refusal, in the operator's terms; `held` names what is counted. */
function refusalLine({ reason, address, network }: Refusal, limits: ShareLimits, held: string): string {
  const because = {
    full: `the server holds all ${limits.total} ${held} it allows`,
    address: `it holds ${limits.perAddress} ${held}, the most one address may`,
    network: `its network ${network} holds ${limits.perNetwork}, the most one /48 may`,
    reserve:
      `it holds ${limits.few} or more${network ? `, or its network ${network} ${limits.perAddress} or more,` : ''}` +
      ` while the server holds over ${limits.total - limits.reserve} of its ${limits.total}:` +
      ' the rest are kept for addresses holding fewer',
  }[reason];
  return `${held === 'connections' ? 'Connection' : 'Request'} refused from ${address}: ${because} (logged once a minute per address)`;
}

const logEveryMs = 60_000;

/** Logs each refusal, at most once a minute per address (per /48 for a /48's refusals). */
function refusalLog(limits: ShareLimits, log: (line: string) => void) {
  const lastLogged = new Map<string, number>();
  let swept = performance.now();
  return (refused: Refusal, held: string) => {
    const now = performance.now();
    const key = refused.reason === 'network' ? (refused.network ?? refused.address) : refused.address;
    if (now - (lastLogged.get(key) ?? -Infinity) < logEveryMs) return;
    // Forgets what was logged over a minute ago, so many addresses cannot grow the map forever.
    if (now - swept >= logEveryMs) {
      for (const [old, at] of lastLogged) if (now - at >= logEveryMs) lastLogged.delete(old);
      swept = now;
    }
    lastLogged.set(key, now);
    log(refusalLine(refused, limits, held));
  };
}

/**
 * The shares of one server. Serving visitors directly, they are shares of its connections, by the
 * connecting socket's address (`capConnections`). Behind trusted proxies every connection is the
 * proxy's, so they are shares of the requests under way, by the visitor the proxies name
 * (`admitRequest`): a proxy that streams a slow upload (Caddy does) holds a connection for it.
 */
export function fairShares(limits: ShareLimits, log: (line: string) => void) {
  const shares = createShares(limits);
  const logRefusal = refusalLog(limits, log);
  return {
    capConnections(server: Server): void {
      server.on('connection', (socket: Socket) => {
        const taken = shares.take(socket.remoteAddress);
        if ('reason' in taken) {
          logRefusal(taken, 'connections');
          socket.destroy();
          return;
        }
        socket.once('close', taken.release);
      });
    },
    /** Node closes connections past `server.maxConnections` itself; this logs them. */
    logDropped(server: Server): void {
      server.on('drop', (dropped?: { remoteAddress?: string }) =>
        logRefusal({ reason: 'full', address: rateLimitKey(dropped?.remoteAddress) }, 'connections'),
      );
    },
    /** Admits a request from `visitor` until its response closes; false when refused. */
    admitRequest(
      visitor: string | undefined,
      response: { once: (event: 'close', done: () => void) => unknown },
    ) {
      const taken = shares.take(visitor);
      if ('reason' in taken) {
        logRefusal(taken, 'requests under way');
        return false;
      }
      response.once('close', taken.release);
      return true;
    },
  };
}
