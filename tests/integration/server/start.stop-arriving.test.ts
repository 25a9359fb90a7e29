/**
 * An enquiry that arrives while `npm start` stops (its request begun before SIGTERM, on a
 * connection the stop lets finish) starts no new send: it is stored, answered as received, and
 * left for the next start's retry job to send. The stop waits only for the send already running.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { contactEndpoint } from '#src/lib/shared/paths.ts';
import { submissionIdField } from '#src/lib/shared/submission.ts';
import { sampleEnquiry } from '#support/enquiries.ts';
import { connect, parseResponse } from '#support/raw-http.ts';
import { smtpTestEnv, startSmtpServer, waitFor } from '#support/smtp-test-server.ts';
import { postEnquiry, storeWorkspace } from '#support/store-faults.ts';

const workspace = storeWorkspace('stop-arriving');
afterAll(() => workspace.remove());

describe('npm start stopped while an enquiry is arriving', () => {
  it('stores it for the next start and opens no new connection to the mail server', async () => {
    const slow = await startSmtpServer({ fault: 'slow-replies' });
    const server = await workspace.start(smtpTestEnv(slow.port));
    try {
      const origin = `http://localhost:${server.port}`;
      const message = `Arrived during the stop ${randomUUID()}`;
      const body = JSON.stringify({ ...sampleEnquiry, message, [submissionIdField]: randomUUID() });
      // Its headers and all but the last byte of its body now; the last byte once the stop has begun.
      const arriving = connect(server.port);
      arriving.socket.write(
        [
          `POST ${contactEndpoint} HTTP/1.1`,
          `Host: localhost:${server.port}`,
          `Origin: ${origin}`,
          'Content-Type: application/json',
          'X-Forwarded-For: 10.77.0.1',
          `Content-Length: ${Buffer.byteLength(body)}`,
          '',
          body.slice(0, -1),
        ].join('\r\n'),
      );
      const sending = postEnquiry(server.port, 'Being sent as the stop begins');
      await waitFor(() => slow.connections.opened >= 1, 10_000);
      server.signal('SIGTERM');
      await server.waitForOutput(/SIGTERM: stopping/);
      arriving.socket.write(body.slice(-1));

      expect(parseResponse(await arriving.closed)?.status).toBe(200);
      expect((await sending).status).toBe(200);
      await server.exited;
      expect(slow.connections.opened).toBe(1);
      expect(server.output()).toMatch(/outcome=kept id=[0-9a-f]{32} reason=stopping/);
      const inbox = await workspace.inbox();
      expect(inbox).toMatch(/\bdelivered\b.*Being sent as the stop begins/);
      expect(inbox).toMatch(new RegExp(`\\bpending\\b.*${message.slice(0, 20)}`));
    } finally {
      server.signal('SIGKILL');
      await slow.close();
    }
  }, 60_000);
});
