/**
 * How enquiry emails leave, read from the environment at call time:
 * - `smtp`: SMTP_HOST is set (MAIL_FROM and MAIL_TO are then required);
 * - `outbox`: no SMTP_HOST, OUTBOX_DIR set (`npm run dev` sets it) and not in production: each
 *   email is written as an .eml file;
 * - `unconfigured`: anything else, so no real deployment ever keeps enquiries in a folder unseen.
 */
import path from 'node:path';
import type { SMTPTransportOptions } from 'nodemailer';

/** The SMTP time limits, in milliseconds. */
export const smtpTimeouts = {
  connectionTimeout: 5000,
  greetingTimeout: 5000,
  socketTimeout: 10_000,
  /** The whole send, after which it is aborted and the transport closed. */
  send: 15_000,
} as const;

export type Env = Record<string, string | undefined>;

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

function setting(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

/** `fallbackAddress` is used as sender and recipient of outbox files when MAIL_* are unset. */
export function mailRoute(env: Env, fallbackAddress: string, runtime: DeployedRuntime = {}): MailRoute {
  const host = setting(env, 'SMTP_HOST');
  const from = setting(env, 'MAIL_FROM');
  const to = setting(env, 'MAIL_TO');

  if (!host) {
    if (isProduction(env, runtime)) {
      return { kind: 'unconfigured', problem: 'SMTP_HOST is not set in production' };
    }
    const outbox = setting(env, 'OUTBOX_DIR');
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

  const secure = setting(env, 'SMTP_SECURE')?.toLowerCase() === 'true';
  // Without implicit TLS, STARTTLS is demanded: a server (or a man in the middle) that does not
  // offer it must not receive the password and the enquiry in clear text.
  const requireTLS = !secure && setting(env, 'SMTP_REQUIRE_TLS')?.toLowerCase() !== 'false';
  const portSetting = setting(env, 'SMTP_PORT');
  const port = portSetting === undefined ? 587 : Number(portSetting);
  if (!Number.isInteger(port) || port < 1 || port > 65_535) {
    return { kind: 'unconfigured', problem: 'SMTP_PORT is not a valid port number' };
  }
  const user = setting(env, 'SMTP_USER');

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
      requireTLS,
      auth: user ? { user, pass: env.SMTP_PASS ?? '' } : undefined,
      connectionTimeout: smtpTimeouts.connectionTimeout,
      greetingTimeout: smtpTimeouts.greetingTimeout,
      socketTimeout: smtpTimeouts.socketTimeout,
    },
  };
}
