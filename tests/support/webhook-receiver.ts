/**
 * A real HTTP receiver for the owner's alerts (ALERT_WEBHOOK_URL) on 127.0.0.1: records each
 * request's path, headers and body, and answers as told: 200, an error status, or never (`hang`,
 * until it is closed or released).
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedAlert {
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export interface WebhookReceiver {
  url: string;
  received: ReceivedAlert[];
  /** What the next requests get: a status, or `hang` (no answer until `release`). */
  answer: number | 'hang';
  /** Answers every hanging request with 200. */
  release(): void;
  close(): Promise<void>;
}

export async function startWebhookReceiver(path = '/alerts'): Promise<WebhookReceiver> {
  const received: ReceivedAlert[] = [];
  const hanging: (() => void)[] = [];
  const receiver = { answer: 200 as number | 'hang' };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      const answer = receiver.answer;
      if (answer === 'hang') hanging.push(() => res.end());
      else res.writeHead(answer).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${path}`,
    received,
    get answer() {
      return receiver.answer;
    },
    set answer(value) {
      receiver.answer = value;
    },
    release() {
      for (const end of hanging.splice(0)) end();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const end of hanging.splice(0)) end();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
