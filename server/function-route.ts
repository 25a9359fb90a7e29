/**
 * Runs the Netlify function under plain Node: turns the incoming request into a web `Request`,
 * calls the same handler Netlify deploys, and streams its `Response` back.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { canonicalIp, rightmostUntrusted } from '../src/lib/shared/ip-address.ts';
import { requestTarget, type RequestTarget } from './request-target.ts';

export type WebHandler = (request: Request, context?: { ip?: string }) => Promise<Response>;

/**
 * The web `Request` for an incoming one. Its URL is built from the Host header and the path
 * only: an absolute-form target (`POST http://elsewhere/...`) never decides the request's origin.
 */
function toWebRequest(req: IncomingMessage, target?: RequestTarget): Request {
  const { rawPath, search } = target ?? requestTarget(req.url ?? '/') ?? { rawPath: '/', search: '' };
  const url = new URL(`http://${req.headers.host ?? 'localhost'}${rawPath.replace(/^\/+/, '/')}${search}`);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  return new Request(url, {
    method: req.method,
    headers,
    body: hasBody ? (Readable.toWeb(req) as ReadableStream) : undefined,
    duplex: 'half',
  } as RequestInit);
}

async function sendWebResponse(response: Response, res: ServerResponse): Promise<void> {
  res.statusCode = response.status;
  response.headers.forEach((value, name) => res.setHeader(name, value));
  if (!response.body) {
    res.end();
    return;
  }
  await new Promise<void>((done, fail) => {
    Readable.fromWeb(response.body as unknown as NodeReadableStream)
      .on('error', fail)
      .pipe(res)
      .on('finish', done);
  });
}

/**
 * `TRUST_PROXY=1`: the server runs behind a reverse proxy on this machine or a private network
 * that appends the address it sees to X-Forwarded-For. Off by default: anyone can send that
 * header, and believing it without such a proxy would let a visitor choose their own bucket.
 */
export function trustsProxy(env: Record<string, string | undefined> = process.env): boolean {
  return ['1', 'true'].includes(env.TRUST_PROXY?.trim().toLowerCase() ?? '');
}

/**
 * The visitor's canonical IP: the socket's, or with a trusted proxy the rightmost
 * X-Forwarded-For entry that is not one of our own hops (see `rightmostUntrusted`).
 */
export function clientAddress(req: IncomingMessage, trustProxy: boolean): string | undefined {
  const peer = req.socket.remoteAddress;
  const header = req.headers['x-forwarded-for'];
  if (!trustProxy || header === undefined) return canonicalIp(peer) ?? peer;
  return rightmostUntrusted(peer, Array.isArray(header) ? header.join(',') : header);
}

export async function runFunction(
  handler: WebHandler,
  req: IncomingMessage,
  res: ServerResponse,
  { trustProxy = trustsProxy(), target }: { trustProxy?: boolean; target?: RequestTarget } = {},
): Promise<void> {
  const response = await handler(toWebRequest(req, target), { ip: clientAddress(req, trustProxy) });
  await sendWebResponse(response, res);
}
