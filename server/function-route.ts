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
 * The visitor's canonical IP, handed to the function as Netlify hands it `context.ip`: the
 * socket's, or with a trusted proxy (`TRUST_PROXY`, server/config.ts) the rightmost
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
  { trustProxy, target }: { trustProxy: boolean; target?: RequestTarget },
): Promise<void> {
  const response = await handler(toWebRequest(req, target), { ip: clientAddress(req, trustProxy) });
  await sendWebResponse(response, res);
}
