/**
 * The whole product on one machine: the built site plus the contact function and the health check
 * at the paths Netlify serves them from. Used by `npm start` and by the browser tests. It faces the open
 * internet when self-hosted, so it bounds slow clients (time limits, and a cap on the connections
 * of the whole server and of each address), answers malformed requests with a 4xx and sends the
 * `_headers` security headers on every response it writes.
 */
import {
  createServer,
  STATUS_CODES,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { Duplex } from 'node:stream';
import contactHandler, { config as contactConfig } from '../functions/send-contact-email.mts';
import healthHandler from '../functions/health.mts';
import { healthEndpoint } from '../src/lib/shared/paths.ts';
import { cacheControl } from '../src/lib/shared/response-headers.ts';
import { allowedMethods, createStaticSite } from './static-site.ts';
import { clientAddress, runFunction, type WebHandler } from './function-route.ts';
import { isValidHost, requestTarget } from './request-target.ts';
import { fairShares } from './connection-cap.ts';

/** Time limits (milliseconds) and the connection cap; the defaults suit the open internet. */
interface ServerLimits {
  /** Until the request's headers have arrived. */
  headersTimeoutMs: number;
  /** Until the whole request, body included, has arrived. */
  requestTimeoutMs: number;
  /** How long an idle keep-alive connection stays open. */
  keepAliveTimeoutMs: number;
  /** How often the two request timeouts are checked. */
  checkIntervalMs: number;
  /** Connections beyond this many are closed on arrival. */
  maxConnections: number;
  /**
   * The fair shares of that cap (connection-cap.ts): what one address (an IPv6 /64) and one IPv6
   * /48 may hold at once, and the last connections of the cap, kept for addresses holding fewer
   * than `fewConnections`. Behind a trusted proxy, whose address every connection has, they count
   * the requests under way of each visitor the proxy names.
   */
  maxConnectionsPerAddress: number;
  maxConnectionsPerNetwork: number;
  reservedConnections: number;
  fewConnections: number;
}

const defaultServerLimits: ServerLimits = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 20_000,
  keepAliveTimeoutMs: 5_000,
  checkIntervalMs: 1_000,
  maxConnections: 512,
  maxConnectionsPerAddress: 32,
  maxConnectionsPerNetwork: 128,
  reservedConnections: 128,
  // A browser opens at most six connections to one site.
  fewConnections: 6,
};

interface SiteServerOptions {
  root: string;
  /** How many proxies in front name the visitor and their scheme (TRUST_PROXY, server/config.ts). */
  trustProxy?: number;
  /** Where one-line notes go (404s, cut or aborted requests); the console by default. */
  log?: (line: string) => void;
  limits?: Partial<ServerLimits>;
  /** The contact function as this host wires it (enquiries/host.ts); Netlify's by default. */
  contactHandler?: WebHandler;
  /** The health check the same way (enquiries/health-handler.ts); Netlify's by default. */
  healthHandler?: WebHandler;
}

// Methods a web `Request` cannot carry; answered here and never echoed (TRACE).
const unsupportedMethods = new Set(['CONNECT', 'TRACE', 'TRACK']);

/** A short answer with the given status and no body beyond the status text. */
function refuse(res: ServerResponse, status: number, headers: Record<string, string> = {}): void {
  res.statusCode = status;
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  res.setHeader('Content-Type', 'text/plain; charset=utf-8');
  res.setHeader('Cache-Control', cacheControl.never);
  res.end(`${STATUS_CODES[status] ?? 'Error'}\n`);
}

/** The status Node's parser errors deserve; undefined when the client is simply gone. */
function clientErrorStatus(code: string | undefined): number | undefined {
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return 408;
  if (code === 'HPE_HEADER_OVERFLOW') return 431;
  if (code?.startsWith('HPE_')) return 400;
  return undefined;
}

export function createSiteServer({
  root,
  trustProxy = 0,
  log = console.log,
  limits = {},
  contactHandler: contact = contactHandler,
  healthHandler: health = healthHandler,
}: SiteServerOptions): Server {
  const {
    headersTimeoutMs,
    requestTimeoutMs,
    keepAliveTimeoutMs,
    checkIntervalMs,
    maxConnections,
    maxConnectionsPerAddress,
    maxConnectionsPerNetwork,
    reservedConnections,
    fewConnections,
  } = { ...defaultServerLimits, ...limits };
  const shares = fairShares(
    {
      total: maxConnections,
      perAddress: maxConnectionsPerAddress,
      perNetwork: maxConnectionsPerNetwork,
      reserve: reservedConnections,
      few: fewConnections,
    },
    log,
  );
  const site = createStaticSite({ root, log });
  // One note per connection that ends badly: a cut request is seen by Node and by the handler.
  const noted = new WeakSet<object>();
  const note = (socket: Duplex, line: string) => {
    if (noted.has(socket)) return;
    noted.add(socket);
    log(line);
  };
  const responding = new WeakMap<object, ServerResponse>();

  async function serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const target = requestTarget(req.url ?? '/');
    site.applyHeaders(res, target?.path ?? '/');
    const host = req.headers.host;
    if (!target || (host !== undefined && !isValidHost(host))) {
      return refuse(res, 400, { Connection: 'close' });
    }
    if (trustProxy > 0 && !shares.admitRequest(clientAddress(req, trustProxy), res)) {
      return refuse(res, 503, { Connection: 'close', 'Retry-After': '30' });
    }
    const isFunction = target.path === contactConfig.path;
    const isHealth = target.path === healthEndpoint;
    if (unsupportedMethods.has(req.method ?? '')) {
      return refuse(res, 405, { Allow: isFunction ? 'POST' : isHealth ? 'GET, HEAD' : allowedMethods });
    }
    if (isFunction) return runFunction(contact, req, res, { trustProxy, target });
    if (isHealth) return runFunction(health, req, res, { trustProxy, target });
    return site.handle(req, res, target);
  }

  const server = createServer(
    {
      headersTimeout: headersTimeoutMs,
      requestTimeout: requestTimeoutMs,
      connectionsCheckingInterval: checkIntervalMs,
    },
    (req, res) => {
      responding.set(req.socket, res);
      serve(req, res).catch((error: unknown) => {
        // Not `req.destroyed`: a body read to its end leaves the request destroyed, yet complete.
        if (!req.complete || req.readableAborted) {
          const code = (error as { code?: unknown } | null)?.code;
          note(req.socket, `Request cut off: ${req.method} ${req.url} (${String(code ?? 'aborted')})`);
        } else {
          console.error('Request failed:', error);
        }
        if (res.headersSent) res.destroy();
        else refuse(res, 500);
      });
    },
  );
  server.keepAliveTimeout = keepAliveTimeoutMs;
  server.maxConnections = maxConnections;
  shares.logDropped(server);
  if (trustProxy === 0) shares.capConnections(server);

  // Malformed, slow or abandoned requests: one line, no stack, and a 4xx when one can be sent.
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    const status = clientErrorStatus(error.code);
    note(socket, `Connection closed: ${error.code ?? 'error'}${status ? ` (${status})` : ''}`);
    const current = responding.get(socket);
    const inProgress = current !== undefined && current.headersSent && !current.writableFinished;
    if (!status || !socket.writable || inProgress) {
      socket.destroy();
      return;
    }
    const headers = Object.entries(site.headersFor('/'))
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    const text = STATUS_CODES[status] ?? 'Error';
    socket.end(
      `HTTP/1.1 ${status} ${text}\r\n${headers}Content-Type: text/plain; charset=utf-8\r\n` +
        `Content-Length: ${text.length + 1}\r\nConnection: close\r\n\r\n${text}\n`,
    );
  });
  return server;
}
