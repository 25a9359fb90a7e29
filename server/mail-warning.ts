/**
 * What `npm start` says at start-up when enquiries will not be emailed, so that nobody runs a
 * site whose contact form answers 503, or fills a folder, without knowing.
 */
import { mailRoute } from '../functions/lib/mail-settings.ts';
import type { Env } from '../src/lib/shared/env.ts';
import { site } from '../src/site.config.ts';

export function mailWarning(env: Env): string | undefined {
  const route = mailRoute(env, site.email);
  if (route.kind === 'smtp') return undefined;
  const lines = [
    'WARNING: enquiries from the contact form will NOT be emailed.',
    route.kind === 'outbox'
      ? `No SMTP_HOST: each enquiry is saved as a file in ${route.directory} instead.`
      : `The form answers 503 not_configured: ${route.problem}.`,
    'Set SMTP_HOST, MAIL_FROM and MAIL_TO in the environment or in .env (README, Configuration).',
  ];
  const width = Math.max(...lines.map((line) => line.length));
  const rule = '!'.repeat(width + 4);
  return [rule, ...lines.map((line) => `! ${line.padEnd(width)} !`), rule].join('\n');
}
