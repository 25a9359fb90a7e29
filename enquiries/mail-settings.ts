/**
 * The contact function's settings (and the retry job's): how enquiry emails leave. Read from the
 * environment on each call, trimmed (blank counts as unset), never throwing: a missing or
 * malformed setting makes the route `unconfigured`, with a problem naming each variable and the
 * form it expects. Enquiries are then kept and not sent (the function logs the problem with each
 * one, `npm start` prints it at start-up) until the settings are fixed.
 *
 * - `SMTP_HOST`: the mail server. Unset: mail is not configured.
 * - `SMTP_PORT`: 1 to 65535. Default: 587.
 * - `SMTP_SECURE`: `true` for TLS from the first byte (usually port 465), `false` for STARTTLS.
 *   Default: false.
 * - `SMTP_REQUIRE_TLS`: `false` only for a local test mail server that offers no STARTTLS; `true`
 *   requires it. Default: true (implicit TLS needs no STARTTLS).
 * - `SMTP_USER`, `SMTP_PASS`: the login, used only when `SMTP_USER` is set. Default: none.
 * - `MAIL_FROM`, `MAIL_TO`: the fixed sender and recipient, required with `SMTP_HOST`: an address
 *   (`website@agency.example`) or a name and an address (`Agency website <website@agency.example>`).
 *
 * And the owner's alerts (`alertSettings`), read the same way; a malformed value is reported and
 * left unused (no alerts go out, or the default wait holds):
 * - `ALERT_WEBHOOK_URL`: an http(s) address (Slack, Microsoft Teams workflow, Discord, ntfy or any
 *   service taking `{ "text": … }`) that hears when enquiries stop reaching the inbox. Default: none.
 * - `ALERT_AFTER_MINUTES`: how long an enquiry may wait before that counts as a failure, 0 to
 *   10080 (a week). Default: 15.
 */
import type { SMTPTransportOptions } from 'nodemailer';
import { readEnv, type Env } from '../src/lib/shared/env.ts';

/** The SMTP time limits, in milliseconds (fixed: the tests shorten them through their mailer). */
const smtpTimeouts = {
  connectionTimeout: 5000,
  greetingTimeout: 5000,
  socketTimeout: 10_000,
  /** The whole send, after which it is aborted and the transport closed. */
  send: 15_000,
} as const;

/** The longest one send may take, whatever the mail server does. */
export const longestSendMs = smtpTimeouts.send;

export type MailRoute =
  | { kind: 'smtp'; from: string; to: string; transport: SMTPTransportOptions; sendTimeoutMs: number }
  | { kind: 'unconfigured'; problem: string };

/** A route mail can be sent along. */
export type SendableRoute = Extract<MailRoute, { kind: 'smtp' }>;

const trueOrFalse = { true: true, false: false };

/** `name@domain`, alone or after a display name in angle brackets; no spaces or line breaks in it. */
const mailAddress = /^(?:[^<>\r\n]*<[^\s<>@]+@[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+)$/;

/** The sender and recipient as set, configured or not (`npm run enquiries -- --show` prints them). */
export function mailAddresses(env: Env): { from?: string; to?: string } {
  const read = readEnv(env);
  return { from: read.text('MAIL_FROM'), to: read.text('MAIL_TO') };
}

export function mailRoute(env: Env): MailRoute {
  const read = readEnv(env);
  const host = read.text('SMTP_HOST');
  const from = read.text('MAIL_FROM');
  const to = read.text('MAIL_TO');

  if (!host) return { kind: 'unconfigured', problem: 'SMTP_HOST is not set' };
  if (!from || !to)
    return { kind: 'unconfigured', problem: 'MAIL_FROM and MAIL_TO must be set with SMTP_HOST' };
  for (const [name, value] of [
    ['MAIL_FROM', from],
    ['MAIL_TO', to],
  ] as const) {
    if (!mailAddress.test(value)) {
      const form = 'an email address, like website@agency.example or Agency <website@agency.example>';
      return { kind: 'unconfigured', problem: `${name} must be ${form}, got ${JSON.stringify(value)}` };
    }
  }

  const secure = read.choice('SMTP_SECURE', trueOrFalse, false);
  // Without implicit TLS, STARTTLS is demanded: a server (or a man in the middle) that does not
  // offer it must not receive the password and the enquiry in clear text.
  const requireStartTls = read.choice('SMTP_REQUIRE_TLS', trueOrFalse, true);
  const port = read.integer('SMTP_PORT', { min: 1, max: 65_535, unit: 'a port number' }, 587);
  if (read.problems.length > 0) return { kind: 'unconfigured', problem: read.problems.join('; ') };
  const user = read.text('SMTP_USER');

  return {
    kind: 'smtp',
    from,
    to,
    sendTimeoutMs: smtpTimeouts.send,
    transport: {
      host,
      port,
      // true: TLS from the first byte (usually port 465); otherwise STARTTLS, required unless opted out.
      secure,
      requireTLS: !secure && requireStartTls,
      auth: user ? { user, pass: env.SMTP_PASS ?? '' } : undefined,
      connectionTimeout: smtpTimeouts.connectionTimeout,
      greetingTimeout: smtpTimeouts.greetingTimeout,
      socketTimeout: smtpTimeouts.socketTimeout,
    },
  };
}

export interface AlertSettings {
  webhookUrl?: string;
  /** How long an enquiry may wait before the health check fails and an alert goes out. */
  afterMs: number;
  /** One sentence per malformed value. */
  problems: readonly string[];
}

export function alertSettings(env: Env): AlertSettings {
  const read = readEnv(env);
  const webhookUrl = read.webAddress('ALERT_WEBHOOK_URL');
  const minutes = read.integer(
    'ALERT_AFTER_MINUTES',
    { min: 0, max: 10_080, unit: 'a number of minutes' },
    15,
  );
  return { ...(webhookUrl ? { webhookUrl } : {}), afterMs: minutes * 60_000, problems: read.problems };
}
