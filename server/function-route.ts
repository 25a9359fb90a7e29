/**
 * Runs the Netlify function under plain Node: turns the incoming request into a web `Request`,
 * calls the same handler Netlify deploys, and streams its `Response` back.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { canonicalIp, forwardedAddress } from '../src/lib/shared/ip-address.ts';
import { requestTarget, type RequestTarget } from './request-target.ts';

export type WebHandler = (request: Request, context?: { ip?: string }) => Promise<Response>;

/**
 * The entry a chain of `hops` trusted proxies vouches for in a header each of them appends to:
 * the socket's peer is the first proxy, so the visitor as the outermost one saw them is the
 * `hops`-th entry from the right, or the leftmost when the request passed fewer proxies. Entries
 * further left were written by the visitor and are never read. Undefined without the header.
 */
function appendedByProxies(header: string | string[] | undefined, hops: number): string | undefined {
  if (hops < 1 || header === undefined) return undefined;
  const entries = [header].flat().join(',').split(',');
  if (entries.every((entry) => entry.trim() === '')) return undefined;
  return entries.at(-Math.min(hops, entries.length))?.trim();
}

/**
 * The web `Request` for an incoming one. Its URL is built from the Host header and the path
 * only: an absolute-form target (`POST http://elsewhere/...`) never decides the request's origin.
 * Its scheme is http, or https when trusted proxies (TRUST_PROXY) say the visitor used it, so
 * the function's Origin check compares a browser's Origin with the origin it really visited.
 */
function toWebRequest(req: IncomingMessage, proxyHops: number, target?: RequestTarget): Request {
  const { rawPath, search } = target ?? requestTarget(req.url ?? '/') ?? { rawPath: '/', search: '' };
  const proto = appendedByProxies(req.headers['x-forwarded-proto'], proxyHops)?.toLowerCase();
  const scheme = proto === 'https' ? 'https' : 'http';
  const url = new URL(
    `${scheme}://${req.headers.host ?? 'localhost'}${rawPath.replace(/^\/+/, '/')}${search}`,
  );
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
 * The visitor's canonical IP, handed to the function as Netlify hands it `context.ip`: the
 * socket's, or behind `trustProxy` proxies (TRUST_PROXY, server/config.ts) the X-Forwarded-For
 * entry they vouch for, port and brackets dropped; undefined when that entry is not an address.
 */
export function clientAddress(req: IncomingMessage, trustProxy: number): string | undefined {
  const forwarded = appendedByProxies(req.headers['x-forwarded-for'], trustProxy);
  return forwarded === undefined ? canonicalIp(req.socket.remoteAddress) : forwardedAddress(forwarded);
}

export async function runFunction(
  handler: WebHandler,
  req: IncomingMessage,
  res: ServerResponse,
  { trustProxy, target }: { trustProxy: number; target?: RequestTarget },
): Promise<void> {
  const request = toWebRequest(req, trustProxy, target);
  const response = await handler(request, { ip: clientAddress(req, trustProxy) });
  await sendWebResponse(response, res);
}
