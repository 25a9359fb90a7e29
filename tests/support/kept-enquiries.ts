/**
 * Many enquiries kept by a real `npm start` without mail settings (each from an address of its
 * own, behind TRUST_PROXY, so the rate limit lets them all in), and a count of the mail a test SMTP
 * server received for each by Message-ID: the operation tests of "mailed exactly once".
 */
import { randomUUID } from 'node:crypto';
import { contactEndpoint } from '#src/lib/shared/paths.ts';
import { submissionIdField } from '#src/lib/shared/submission.ts';
import { sampleEnquiry } from './enquiries.ts';
import type { ReceivedMessage } from './smtp-test-server.ts';

/** One enquiry as the enhanced form posts it, from `address` (behind TRUST_PROXY): the status and body. */
export async function postEnquiry(port: number, message: string, address: string) {
  const origin = `http://localhost:${port}`;
  const response = await fetch(`${origin}${contactEndpoint}`, {
    method: 'POST',
    headers: { origin, 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify({ ...sampleEnquiry, message, [submissionIdField]: randomUUID() }),
  });
  return { status: response.status, body: (await response.json()) as { ok: boolean; error?: string } };
}

export async function postEnquiries(port: number, count: number): Promise<void> {
  for (let n = 0; n < count; n += 1) {
    const address = `10.1.${Math.floor(n / 250)}.${(n % 250) + 1}`;
    const { status } = await postEnquiry(port, `Kept enquiry ${n}`, address);
    if (status !== 200) throw new Error(`enquiry ${n}: ${status}`);
  }
}

/** How many times each Message-ID was received. */
export function mailsPerMessageId(received: ReceivedMessage[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const { mail } of received) {
    const id = mail.messageId ?? '';
    counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  return counts;
}
