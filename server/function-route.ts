/**
 * Runs the Netlify function under plain Node: turns the incoming request into a web `Request`,
 * calls the same handler Netlify deploys, and streams its `Response` back.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isIP } from 'node:net';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';

export type WebHandler = (request: Request, context?: { ip?: string }) => Promise<Response>;

export function toWebRequest(req: IncomingMessage): Request {
  const url = new URL(req.url ?? '/', `http://${req.headers.host ?? 'localhost'}`);
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

export async function sendWebResponse(response: Response, res: ServerResponse): Promise<void> {
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
 * `TRUST_PROXY=1`: the server runs behind a reverse proxy that sets X-Forwarded-For itself, so the
 * visitor's address is its first entry. Off by default: anyone can send that header, and believing
 * it without such a proxy would let a visitor choose their own rate-limit bucket.
 */
export function trustsProxy(env: Record<string, string | undefined> = process.env): boolean {
  return ['1', 'true'].includes(env.TRUST_PROXY?.trim().toLowerCase() ?? '');
}

/** The visitor's IP: the first X-Forwarded-For entry when the proxy is trusted, else the socket's. */
export function clientAddress(req: IncomingMessage, trustProxy: boolean): string | undefined {
  if (trustProxy) {
    const header = req.headers['x-forwarded-for'];
    const first = (Array.isArray(header) ? header[0] : header)?.split(',')[0]?.trim();
    if (first && isIP(first)) return first;
  }
  return req.socket.remoteAddress;
}

export async function runFunction(
  handler: WebHandler,
  req: IncomingMessage,
  res: ServerResponse,
  { trustProxy = trustsProxy() }: { trustProxy?: boolean } = {},
): Promise<void> {
  const response = await handler(toWebRequest(req), { ip: clientAddress(req, trustProxy) });
  await sendWebResponse(response, res);
}
