/**
 * The contact function's settings (and the retry job's): how enquiry emails leave. Read from the
 * environment on each call, trimmed (blank counts as unset), never throwing: a missing or
 * malformed setting makes the route `unconfigured`, with a problem naming each variable and the
 * form it expects, which the function logs as it answers 503 and `npm start` prints at start-up.
 *
 * - `SMTP_HOST`: the mail server. Unset: no SMTP (see `OUTBOX_DIR`).
 * - `SMTP_PORT`: 1 to 65535. Default: 587.
 * - `SMTP_SECURE`: `true` for TLS from the first byte (usually port 465), `false` for STARTTLS.
 *   Default: false.
 * - `SMTP_REQUIRE_TLS`: `false` only for a local test mail server that offers no STARTTLS; `true`
 *   requires it. Default: true (implicit TLS needs no STARTTLS).
 * - `SMTP_USER`, `SMTP_PASS`: the login, used only when `SMTP_USER` is set. Default: none.
 * - `MAIL_FROM`, `MAIL_TO`: the fixed sender and recipient, required with `SMTP_HOST`.
 * - `OUTBOX_DIR`: without `SMTP_HOST` and outside production, keep each email as an .eml file in
 *   this folder (`npm run dev` sets `outbox`). Default: unset, answer 503 instead.
 * - `CONTEXT`, `NODE_ENV`, `NETLIFY`, `SITE_ID`: set by Netlify or the platform; any of them
 *   saying production forbids the outbox (`isProduction`).
 * The site's identity (the fallback outbox address) comes from src/site.config.ts.
 */
import path from 'node:path';
import type { SMTPTransportOptions } from 'nodemailer';
import { readEnv, type Env } from '../../src/lib/shared/env.ts';

/** The SMTP time limits, in milliseconds (fixed: the tests shorten them through their mailer). */
export const smtpTimeouts = {
  connectionTimeout: 5000,
  greetingTimeout: 5000,
  socketTimeout: 10_000,
  /** The whole send, after which it is aborted and the transport closed. */
  send: 15_000,
} as const;

export type MailRoute =
  | { kind: 'smtp'; from: string; to: string; transport: SMTPTransportOptions; sendTimeoutMs: number }
  | { kind: 'outbox'; from: string; to: string; directory: string }
  | { kind: 'unconfigured'; problem: string };

/** What Netlify tells a deployed function about itself (its `context` argument). */
export interface DeployedRuntime {
  deploy?: { context?: string };
}

/**
 * Production: declared (CONTEXT, NODE_ENV), or running on Netlify, which sets neither for
 * functions but does set NETLIFY/SITE_ID and passes a deploy context to the handler.
 */
function isProduction(env: Env, runtime: DeployedRuntime = {}): boolean {
  const deployContext = runtime.deploy?.context;
  return (
    env.CONTEXT === 'production' ||
    env.NODE_ENV === 'production' ||
    env.NETLIFY === 'true' ||
    Boolean(env.SITE_ID?.trim()) ||
    (deployContext !== undefined && deployContext !== 'dev')
  );
}

const trueOrFalse = { true: true, false: false };

/** `fallbackAddress` is used as sender and recipient of outbox files when MAIL_* are unset. */
export function mailRoute(env: Env, fallbackAddress: string, runtime: DeployedRuntime = {}): MailRoute {
  const read = readEnv(env);
  const host = read.text('SMTP_HOST');
  const from = read.text('MAIL_FROM');
  const to = read.text('MAIL_TO');

  if (!host) {
    if (isProduction(env, runtime)) {
      return { kind: 'unconfigured', problem: 'SMTP_HOST is not set in production' };
    }
    const outbox = read.text('OUTBOX_DIR');
    if (!outbox) return { kind: 'unconfigured', problem: 'neither SMTP_HOST nor OUTBOX_DIR is set' };
    return {
      kind: 'outbox',
      from: from ?? fallbackAddress,
      to: to ?? fallbackAddress,
      directory: path.resolve(outbox),
    };
  }

  if (!from || !to)
    return { kind: 'unconfigured', problem: 'MAIL_FROM and MAIL_TO must be set with SMTP_HOST' };

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
