/**
 * The owner's side of `npm start`, run as a service runs it: a real mail server that defers every
 * enquiry (451) and later accepts them (250), a real webhook receiver at ALERT_WEBHOOK_URL. Three
 * waiting enquiries give one alert; `/api/health` answers 503 while they wait, and 200 once the
 * retry job (its run a minute after start-up) has mailed each of them once, which gives one
 * resolution. ALERT_AFTER_MINUTES=0 makes any waiting enquiry count at once. No visitor's details
 * reach the webhook or the health answer.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactEndpoint, healthEndpoint } from '#src/lib/shared/paths.ts';
import { submissionIdField } from '#src/lib/shared/submission.ts';
import { sampleEnquiry } from '#support/enquiries.ts';
import { startLikeNpmStart, type StartedServer } from '#support/raw-http.ts';
import { smtpTestEnv, startSmtpServer, waitFor, type TestSmtpServer } from '#support/smtp-test-server.ts';
import { startWebhookReceiver, type WebhookReceiver } from '#support/webhook-receiver.ts';

const work = mkdtempSync(join(tmpdir(), 'start-health-'));
const tag = randomUUID().slice(0, 8);
let smtp: TestSmtpServer;
let receiver: WebhookReceiver;
let server: StartedServer | undefined;

beforeAll(async () => {
  mkdirSync(join(work, 'dist'));
  writeFileSync(join(work, 'dist', 'index.html'), '<h1>Home</h1>');
  smtp = await startSmtpServer({ fault: 'defer-recipient' });
  receiver = await startWebhookReceiver();
});

afterAll(async () => {
  await server?.stop();
  await smtp.close();
  await receiver.close();
  rmSync(work, { recursive: true, force: true });
});

async function post(port: number, message: string): Promise<number> {
  const origin = `http://localhost:${port}`;
  const response = await fetch(`${origin}${contactEndpoint}`, {
    method: 'POST',
    headers: { origin, 'sec-fetch-site': 'same-origin', 'content-type': 'application/json' },
    body: JSON.stringify({ ...sampleEnquiry, message, [submissionIdField]: randomUUID() }),
  });
  return response.status;
}

async function health(port: number) {
  const response = await fetch(`http://localhost:${port}${healthEndpoint}`);
  return { status: response.status, type: response.headers.get('content-type'), body: await response.text() };
}

describe('npm start tells the owner when enquiries stop reaching the inbox', () => {
  it('gives one alert, 503 then 200, and one resolution for three deferred enquiries', async () => {
    server = await startLikeNpmStart({
      cwd: work,
      env: {
        ...smtpTestEnv(smtp.port),
        OUT_DIR: join(work, 'dist'),
        ENQUIRY_STORE_DIR: join(work, 'store'),
        ALERT_WEBHOOK_URL: receiver.url,
        ALERT_AFTER_MINUTES: '0',
      },
    });
    const { port } = server;
    // Asked the moment it listens: the store's first set-up and the job's start-up run keep the
    // store's thread busy, and the health check reads beside them (enquiries/store/sqlite.ts).
    expect((await health(port)).status).toBe(200);
    for (const n of [1, 2, 3]) expect(await post(port, `Enquiry ${n} from the shop, ${tag}`)).toBe(200);
    await waitFor(() => receiver.received.length > 0, 10_000);
    const failing = await health(port);
    expect(failing.status).toBe(503);
    expect(failing.type).toBe('application/health+json');
    expect(JSON.parse(failing.body)).toMatchObject({ status: 'fail' });

    // The mail server comes back where it was; the job's next runs send what waits.
    const port25 = smtp.port;
    await smtp.close();
    smtp = await startSmtpServer({ port: port25 });
    await waitFor(() => receiver.received.length > 1, 150_000);
    expect(smtp.received.map((item) => item.mail.text?.match(/Enquiry \d/)?.[0]).sort()).toEqual([
      'Enquiry 1',
      'Enquiry 2',
      'Enquiry 3',
    ]);
    expect(receiver.received).toHaveLength(2);
    expect(receiver.received[0]?.body).toContain('not reaching the inbox');
    expect(receiver.received[1]?.body).toContain('reach the inbox again');
    const healthy = await health(port);
    expect(healthy.status).toBe(200);
    for (const text of [failing.body, healthy.body, ...receiver.received.map((item) => item.body)]) {
      for (const detail of [sampleEnquiry.name, sampleEnquiry.email, tag]) expect(text).not.toContain(detail);
    }
  }, 200_000);
});
