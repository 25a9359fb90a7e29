/**
 * Runs the Netlify function under plain Node: turns the incoming request into a web `Request`,
 * calls the same handler Netlify deploys, and streams its `Response` back.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
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

export async function runFunction(
  handler: WebHandler,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const response = await handler(toWebRequest(req), { ip: req.socket.remoteAddress });
  await sendWebResponse(response, res);
}
