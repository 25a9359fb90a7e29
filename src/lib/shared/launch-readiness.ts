/**
 * What still stands between this site and going live: every setting left at its placeholder or
 * missing, each with where to fix it, and the verdict on it. `npm run launch-check` prints the list
 * (scripts/launch-check.ts); a Netlify production build refuses to finish while any remain and every
 * other build warns once (src/integrations/launch-check-at-build.ts), as `npm start` does when it
 * serves a build without making one (server/start.ts). The settings come parsed, once, by their own
 * modules (src/launch-settings.ts gathers them); the company entry from its file.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import type { Parsed } from './env.ts';
import { companySchema } from '../../schemas/company.ts';
import { exampleFields } from './company.ts';

export interface LaunchItem {
  /** What is wrong, naming the variable or the file and field. */
  problem: string;
  /** Where to fix it. */
  fix: string;
}

export const companyEntryPath = 'src/content/company.yaml';

const where = 'in Netlify (Site configuration → Environment variables) or in .env (README, Configuration)';
const envFix = `correct it ${where}`;

/** Reserved names (RFC 2606 and 6761) that can never be a live site, inbox or booking page. */
function isPlaceholderHost(host: string): boolean {
  return /(^|\.)(example|test|invalid|localhost)$|(^|\.)example\.(com|net|org)$/i.test(host);
}

const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1);

/** A setting's problems as items, each fixed where the environment is set. */
const problemItems = (problems: readonly string[]) => problems.map((problem) => ({ problem, fix: envFix }));

function siteItems(parsed: LaunchSettings['site']): LaunchItem[] {
  if (!parsed.ok) return problemItems(parsed.problems);
  const site = parsed.value;
  const items: LaunchItem[] = [];
  if (isPlaceholderHost(new URL(site.url).hostname)) {
    items.push({
      problem: `SITE_URL (or Netlify's URL) is still the example host ${site.url}`,
      fix: `set SITE_URL to the live address (like https://www.agency.co.uk) ${where}`,
    });
  }
  if (isPlaceholderHost(new URL(site.bookingUrl).hostname)) {
    items.push({
      problem: `PUBLIC_BOOKING_URL is still the example scheduling page ${site.bookingUrl}`,
      fix: `set PUBLIC_BOOKING_URL to your scheduling page ${where}`,
    });
  }
  if (isPlaceholderHost(domainOf(site.email))) {
    items.push({
      problem: `PUBLIC_CONTACT_EMAIL is still the example address ${site.email}`,
      fix: `set PUBLIC_CONTACT_EMAIL to the agency's inbox ${where}`,
    });
  }
  return items;
}

/** Malformed analytics IDs (and the build's other settings), which would report nowhere. */
const buildItems = (parsed: LaunchSettings['build']) => (parsed.ok ? [] : problemItems(parsed.problems));

function companyItems(companyText: string | undefined): LaunchItem[] {
  const fix = `edit ${companyEntryPath} (CONTENT.md, "The company details")`;
  if (companyText === undefined) return [{ problem: `${companyEntryPath} is missing`, fix }];
  let data: unknown;
  try {
    data = parse(companyText);
  } catch (error) {
    return [{ problem: `${companyEntryPath} is not valid YAML: ${(error as Error).message}`, fix }];
  }
  const result = companySchema.safeParse(data);
  if (!result.success) {
    return result.error.issues.map((issue) => ({
      problem: `${companyEntryPath}: ${issue.path.join('.')} ${issue.message}`,
      fix,
    }));
  }
  return exampleFields(result.data).map((field) => ({
    problem: `${companyEntryPath}: ${field} is still an example value`,
    fix,
  }));
}

/** The mail settings as the deployed function will read them. */
function mailItems(route: MailFacts): LaunchItem[] {
  const fix = `set SMTP_HOST, MAIL_FROM and MAIL_TO ${where}, where the site runs`;
  if (route.kind === 'unconfigured') {
    return [{ problem: `Enquiries cannot be emailed: ${route.problem}`, fix }];
  }
  return [route.from, route.to]
    .filter((address) => isPlaceholderHost(domainOf(address)))
    .map((address) => ({ problem: `MAIL_FROM or MAIL_TO is still an example address (${address})`, fix }));
}

/** The mail route as enquiries/mail-settings.ts reads it: what the check needs of it. */
type MailFacts = { kind: 'smtp'; from: string; to: string } | { kind: 'unconfigured'; problem: string };

/** The settings as their own modules parsed them, once (src/launch-settings.ts). */
export interface LaunchSettings {
  /** The site's identity (src/site.config.ts). */
  site: Parsed<{ url: string; bookingUrl: string; email: string }>;
  /** The build's settings (src/lib/shared/build-config.ts): only their problems count here. */
  build: Parsed<unknown>;
  /** Where the site runs (Netlify's build, `--here`): the mail route and the owner's alerts. */
  mail?: MailFacts;
  alerts?: { webhookUrl?: string; problems: readonly string[] };
}

export interface LaunchCheckInput {
  settings: LaunchSettings;
  /** The company entry's text; undefined when the file is missing. */
  companyText: string | undefined;
}

export function launchItems({ settings, companyText }: LaunchCheckInput): LaunchItem[] {
  return [
    ...siteItems(settings.site),
    ...buildItems(settings.build),
    ...companyItems(companyText),
    ...(settings.mail ? mailItems(settings.mail) : []),
  ];
}

/**
 * What is worth setting before going live but never stops a deploy: a way for the owner to hear
 * when enquiries stop reaching the inbox. Like the mail settings, it exists only where the site runs.
 */
export function launchWarnings({ alerts }: LaunchSettings): LaunchItem[] {
  if (!alerts) return [];
  const items = problemItems(alerts.problems);
  if (!alerts.webhookUrl && items.length === 0) {
    items.push({
      problem: 'ALERT_WEBHOOK_URL is not set: nobody hears when enquiries stop reaching the inbox',
      fix: `set it to a Slack, Teams, Discord or ntfy webhook ${where}, and point an uptime monitor at /api/health (docs/enquiries.md)`,
    });
  }
  return items;
}

/** The warnings as people read them: they never stop a deploy. */
export function formatLaunchWarnings(items: readonly LaunchItem[]): string {
  const heading = `${items.length} thing${items.length === 1 ? '' : 's'} worth setting (a deploy goes ahead without):`;
  return [heading, ...items.map((item) => `  ! ${item.problem}\n      → ${item.fix}`)].join('\n');
}

/** The company entry of the project in `root`, or undefined when it is missing. */
export function readCompanyText(root: string): string | undefined {
  try {
    return readFileSync(join(root, companyEntryPath), 'utf8');
  } catch {
    return undefined;
  }
}

/** The list as people read it: a heading, then each item and its fix. */
export function formatLaunchItems(items: readonly LaunchItem[]): string {
  const heading = `${items.length} thing${items.length === 1 ? '' : 's'} to fix before going live (npm run launch-check):`;
  return [heading, ...items.map((item) => `  ✗ ${item.problem}\n      → ${item.fix}`)].join('\n');
}

export const allClear = 'Launch check: all clear. No placeholder is left.';

export type LaunchVerdict = { kind: 'clear' } | { kind: 'warn' | 'refuse'; message: string };

/** What a build does about the items: nothing, warn with the list, or (`refuse`) stop with it. */
export function launchVerdict(items: readonly LaunchItem[], refuse: boolean): LaunchVerdict {
  if (items.length === 0) return { kind: 'clear' };
  if (refuse) {
    return {
      kind: 'refuse',
      message: `This production deploy is refused until these are fixed.\n${formatLaunchItems(items)}`,
    };
  }
  return {
    kind: 'warn',
    message: `${formatLaunchItems(items)}\nA Netlify production deploy refuses to build until they are fixed.`,
  };
}
