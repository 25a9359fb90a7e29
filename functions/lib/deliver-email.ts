/**
 * Sends one email along the configured SMTP route: a single attempt (no pool, no retry) bounded by
 * a total time limit. Never throws.
 */
import nodemailer from 'nodemailer';
import type { EnquiryEmail } from './enquiry-email.ts';
import type { MailRoute } from './mail-settings.ts';

export type Delivery =
  { ok: true; via: 'smtp' } | { ok: false; code: string; responseCode?: number; command?: string };

export async function deliverEmail(
  email: EnquiryEmail,
  route: Extract<MailRoute, { kind: 'smtp' }>,
): Promise<Delivery> {
  const transport = nodemailer.createTransport(route.transport);
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), route.sendTimeoutMs);
  try {
    const sending = transport.sendMail({ ...email, signal: abort.signal });
    sending.catch(() => undefined); // settled through the race below
    // Answer on time even if the transport did not honour the signal.
    await Promise.race([sending, rejectWhenAborted(abort.signal)]);
    return { ok: true, via: 'smtp' };
  } catch (error) {
    return { ok: false, ...smtpErrorDetails(error, abort.signal.aborted) };
  } finally {
    clearTimeout(timer);
    transport.close();
  }
}

function rejectWhenAborted(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => {
    signal.addEventListener(
      'abort',
      () => reject(Object.assign(new Error('Send timed out'), { code: 'EABORT' })),
      {
        once: true,
      },
    );
  });
}

/** What may be logged of an SMTP error: its codes, never the server's text or any address. */
function smtpErrorDetails(
  error: unknown,
  timedOut: boolean,
): { code: string; responseCode?: number; command?: string } {
  const details = (error ?? {}) as { code?: unknown; responseCode?: unknown; command?: unknown };
  const code =
    typeof details.code === 'string' && /^[A-Z0-9_]{1,32}$/.test(details.code) ? details.code : 'UNKNOWN';
  const command =
    typeof details.command === 'string'
      ? details.command
          .replace(/[^A-Z ]/g, '')
          .trim()
          .slice(0, 16)
      : '';
  return {
    code: timedOut && code === 'UNKNOWN' ? 'EABORT' : code,
    ...(typeof details.responseCode === 'number' ? { responseCode: details.responseCode } : {}),
    ...(command ? { command } : {}),
  };
}
