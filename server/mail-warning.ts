/**
 * What `npm start` says at start-up when enquiries cannot be emailed yet, so that nobody runs a
 * site whose enquiries pile up unread without knowing: they are kept, where, how to see them and
 * what to set for them to be mailed.
 */
import { mailRoute } from '../enquiries/mail-settings.ts';
import type { Env } from '../src/lib/shared/env.ts';

/** `storeDir`: where the local store keeps enquiries (ENQUIRY_STORE_DIR, server/config.ts). */
export function mailWarning(env: Env, storeDir: string): string | undefined {
  const route = mailRoute(env);
  if (route.kind === 'smtp') return undefined;
  const lines = [
    'Mail is not configured: enquiries are kept, and emailed once it is.',
    `Why: ${route.problem}.`,
    `Each enquiry from the contact form is accepted and kept in ${storeDir}`,
    '`npm run enquiries` lists them (`-- --show ID` shows one as it will be emailed).',
    'To have them emailed, set SMTP_HOST, MAIL_FROM and MAIL_TO (and SMTP_USER, SMTP_PASS',
    'if your server needs a login) in the environment or in .env (README, Configuration),',
    'then restart: every kept enquiry is sent once, at start-up.',
  ];
  const width = Math.max(...lines.map((line) => line.length));
  const rule = '!'.repeat(width + 4);
  return [rule, ...lines.map((line) => `! ${line.padEnd(width)} !`), rule].join('\n');
}
