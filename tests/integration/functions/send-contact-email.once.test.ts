/**
 * The contact function mails each enquiry once and holds its rate limit, keyed on what a visitor
 * cannot forge.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { honeypotField } from '#src/lib/shared/spam-traps.ts';
import { contactRateLimit } from '#src/lib/shared/enquiry-policy.ts';
import { withBlobsDown } from '#support/enquiries.ts';
import { closedPort } from '#support/smtp-test-server.ts';
import {
  endpoint,
  visitor,
  smtp,
  handler,
  logs,
  nextIp,
  postJson,
  postForm,
  useSmtpPort,
  expectSecurityHeaders,
  withSubmissionId,
  useContactFunction,
} from '#support/contact-function.ts';

useContactFunction();

describe('one email per enquiry', () => {
  it('answers the same submission id twice as received and mails it once', async () => {
    const submissionId = randomUUID();
    expect((await postJson({ ...visitor, submissionId })).status).toBe(200);
    expect((await postJson({ ...visitor, submissionId })).status).toBe(200);
    expect((await postForm({ ...visitor, submissionId })).headers.get('location')).toBe('/contact/sent');
    expect(smtp.received).toHaveLength(1);
    expect(logs.filter((line) => line.includes('outcome=duplicate'))).toHaveLength(2);
  });

  it('mails a double click sent at the same moment once', async () => {
    const submissionId = randomUUID();
    const responses = await Promise.all([
      postJson({ ...visitor, submissionId }),
      postJson({ ...visitor, submissionId }),
    ]);
    expect(responses.map((response) => response.status)).toEqual([200, 200]);
    expect(smtp.received).toHaveLength(1);
  });

  it('mails a different enquiry under a submission id already received as its own', async () => {
    // A tab opened from another starts with a copy of its draft, submission id included.
    const submissionId = randomUUID();
    const other = { ...visitor, name: 'Second Visitor', message: `Another project ${randomUUID()}` };
    expect((await postJson({ ...visitor, submissionId })).status).toBe(200);
    expect((await postJson({ ...other, submissionId })).status).toBe(200);
    expect(smtp.received.map(({ mail }) => mail.text?.includes(other.message))).toEqual([false, true]);
    expect(logs.filter((line) => line.includes('outcome=duplicate'))).toHaveLength(0);
  });

  it('without a submission id, mails the same content sent twice on one day once', async () => {
    const plain = new URLSearchParams({ ...visitor, message: `No script ${randomUUID()}` }).toString();
    const post = () =>
      handler(
        new Request(endpoint, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: plain,
        }),
        { ip: nextIp() },
      );
    expect((await post()).headers.get('location')).toBe('/contact/sent');
    expect((await post()).headers.get('location')).toBe('/contact/sent');
    expect(smtp.received).toHaveLength(1);
  });
});

describe('rate limit', () => {
  it('answers the 6th accepted post from one IP within 10 minutes with 429 and Retry-After', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.UTC(2030, 0, 1, 9, 0, 0));
    const ip = '198.51.100.7';
    const minute = 60_000;

    for (let i = 0; i < 5; i += 1) {
      expect((await postJson(visitor, { ip })).status).toBe(200);
      vi.advanceTimersByTime(minute);
    }
    // Five accepted at 09:00 .. 09:04; it is now 09:05.
    const limited = await postJson(visitor, { ip });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('300');
    expect(((await limited.json()) as { error: string }).error).toBe('rate_limited');
    expectSecurityHeaders(limited);

    const form = await postForm(visitor, { ip });
    expect(form.status).toBe(303);
    expect(form.headers.get('location')).toBe('/contact/error');

    expect((await postJson(visitor, { ip: '198.51.100.8' })).status).toBe(200);
    expect(smtp.received).toHaveLength(6);

    // 09:10 and a moment: the 09:00 post has left the window.
    vi.advanceTimersByTime(5 * minute + 1);
    expect((await postJson(visitor, { ip })).status).toBe(200);
    expect((await postJson(visitor, { ip })).status).toBe(429);
    expect(smtp.received).toHaveLength(7);
  });

  it('does not count an enquiry sent again after it was received', async () => {
    const ip = '198.51.100.8';
    const again = withSubmissionId(visitor);
    for (let i = 0; i <= contactRateLimit.limit; i += 1)
      expect((await postJson(again, { ip })).status).toBe(200);
    // Only the first post took a slot: the others the limit allows are still there.
    for (let i = 1; i < contactRateLimit.limit; i += 1)
      expect((await postJson(visitor, { ip })).status).toBe(200);
    expect((await postJson(visitor, { ip })).status).toBe(429);
    expect(smtp.received).toHaveLength(contactRateLimit.limit);
  });

  it('does not count refused or spam posts', async () => {
    const ip = '198.51.100.9';
    for (let i = 0; i < 6; i += 1) {
      expect((await postJson({ ...visitor, email: 'bad' }, { ip })).status).toBe(422);
      expect((await postJson({ ...visitor, [honeypotField]: 'x' }, { ip })).status).toBe(200);
    }
    expect((await postJson(visitor, { ip })).status).toBe(200);
  });

  describe('trusts context.ip only, never a header a visitor can write', () => {
    const forged = (n: number) => ({
      'x-nf-client-connection-ip': `192.0.2.${n}`,
      'x-forwarded-for': `198.51.100.${n}`,
    });
    const send = (headers: Record<string, string>, context?: { ip?: string }) =>
      handler(
        new Request(endpoint, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers },
          body: JSON.stringify(withSubmissionId(visitor)),
        }),
        context,
      );

    it('keys on context.ip whatever the forwarding headers claim', async () => {
      const ip = '203.0.113.50';
      for (let n = 1; n <= 5; n += 1) expect((await send(forged(n), { ip })).status).toBe(200);
      expect((await send(forged(6), { ip })).status).toBe(429);
      // The headers a limited visitor sent are nobody's bucket: a forged one's owner is unaffected.
      expect((await send({}, { ip: '192.0.2.6' })).status).toBe(200);
    });

    it('without context.ip, shares one bucket whatever the headers claim', async () => {
      for (let n = 1; n <= 5; n += 1) expect((await send(forged(n))).status).toBe(200);
      expect((await send(forged(6))).status).toBe(429);
      expect((await send(forged(7), {})).status).toBe(429);
      expect((await send({}, { ip: '192.0.2.7' })).status).toBe(200);
    });
  });

  it('counts one IPv6 /64 as one visitor', async () => {
    for (let i = 1; i <= 5; i += 1)
      expect((await postJson(visitor, { ip: `2001:db8:5:6::${i}` })).status).toBe(200);
    expect((await postJson(visitor, { ip: '2001:db8:5:6:ffff::1' })).status).toBe(429);
    expect((await postJson(visitor, { ip: '2001:db8:5:7::1' })).status).toBe(200);
  });

  it('gives the slot back when the enquiry could not be accepted at all (502)', async () => {
    const ip = '198.51.100.77';
    useSmtpPort(await closedPort());
    await withBlobsDown(async () => {
      for (let i = 0; i < 7; i += 1) expect((await postJson(visitor, { ip })).status).toBe(502);
    });
    useSmtpPort(smtp.port);
    for (let i = 0; i < 5; i += 1) expect((await postJson(visitor, { ip })).status).toBe(200);
    expect((await postJson(visitor, { ip })).status).toBe(429);
  });
});
