/**
 * The owner's alerts on a second channel (ALERT_WEBHOOK_URL), since mail is usually the part that
 * broke: one message when an incident starts and one when it ends (incident.ts decides when). The
 * body is the one the service at the URL's host displays: Slack (`text`), a Microsoft Teams
 * workflow (an Adaptive Card), Discord (`content`), ntfy (the text itself, with a title), and
 * `{ "text": … }` for anything else. Counts, times and codes only: never a visitor's details.
 * A post has a short time limit and never throws, so a webhook that fails or hangs delays nothing.
 */
import type { FailureKind, IncidentCause, SendFailure, Waiting } from './watch.ts';

export interface AlertFacts {
  brand: string;
  cause: IncidentCause;
  waiting: Waiting;
  lastFailure?: SendFailure;
  /** How long an enquiry may wait before it counts (ALERT_AFTER_MINUTES). */
  alertAfterMinutes: number;
}

export interface AlertMessage {
  title: string;
  text: string;
  /** Whether it says something is wrong (an opening) or that it is over. */
  urgent: boolean;
}

const failureWords: Record<FailureKind, string> = {
  refused: 'the mail server refused it',
  deferred: 'the mail server asked to try later',
  timed_out: 'the mail server did not answer in time',
  unreachable: 'the mail server could not be reached',
  not_configured: 'mail is not configured',
  failed: 'sending failed',
};

const londonTime = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', {
    timeZone: 'Europe/London',
    dateStyle: 'medium',
    timeStyle: 'short',
  });

const whatToDo =
  'Check the SMTP settings (SMTP_HOST, SMTP_USER, SMTP_PASS, MAIL_FROM, MAIL_TO) and the mailbox, then run ' +
  '`npm run enquiries -- --summary` where the site runs to see what waits. Every waiting enquiry is kept and ' +
  'sent once mail works again.';

/** The message for an incident that has just started. */
export function openingMessage({
  brand,
  cause,
  waiting,
  lastFailure,
  alertAfterMinutes,
}: AlertFacts): AlertMessage {
  const count = `${waiting.count} ${waiting.count === 1 ? 'enquiry is' : 'enquiries are'} waiting`;
  const since = waiting.oldestReceivedAt ? `, the oldest since ${londonTime(waiting.oldestReceivedAt)}` : '';
  const failure = lastFailure
    ? ` Last failure ${londonTime(lastFailure.at)}: ${failureWords[lastFailure.kind]} (${[lastFailure.code, lastFailure.responseCode].filter(Boolean).join(' ')}).`
    : '';
  const opening: Record<IncidentCause, string> = {
    waiting: `Enquiries from the website have not reached the inbox for over ${alertAfterMinutes} minutes.`,
    refused: 'The mail server refused an enquiry from the website.',
    store: 'The website cannot read or write its enquiry store.',
  };
  const todo =
    cause === 'store'
      ? 'Check the server’s log for [enquiry-store] lines and what they ask; new enquiries are refused until it is fixed.'
      : whatToDo;
  return {
    title: `${brand}: enquiries are not reaching the inbox`,
    text: `${opening[cause]} ${count}${since}.${failure} ${todo}`,
    urgent: true,
  };
}

/** The message for an incident that is over: nothing waits any more. */
export function resolvedMessage({ brand }: Pick<AlertFacts, 'brand'>): AlertMessage {
  return {
    title: `${brand}: enquiries reach the inbox again`,
    text: 'Every waiting enquiry has been delivered; new enquiries are being sent as they arrive.',
    urgent: false,
  };
}

type Service = 'slack' | 'teams' | 'discord' | 'ntfy' | 'json';

/** Which service a webhook address belongs to, from its host. */
function serviceOf(url: string): Service {
  const { hostname: host, pathname } = new URL(url);
  const on = (domain: string) => host === domain || host.endsWith(`.${domain}`);
  if (on('slack.com')) return 'slack';
  if (['logic.azure.com', 'powerautomate.com', 'powerplatform.com', 'webhook.office.com'].some(on))
    return 'teams';
  if ((on('discord.com') || on('discordapp.com')) && pathname.startsWith('/api/webhooks/')) return 'discord';
  if (on('ntfy.sh') || host.startsWith('ntfy.')) return 'ntfy';
  return 'json';
}

/** The request a service displays the message from. */
function alertRequest(url: string, message: AlertMessage): { headers: Record<string, string>; body: string } {
  const json = (body: unknown) => ({
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const line = `${message.title}\n${message.text}`;
  switch (serviceOf(url)) {
    case 'slack':
      return json({ text: `*${message.title}*\n${message.text}` });
    case 'discord':
      return json({ content: `**${message.title}**\n${message.text}`.slice(0, 2000) });
    case 'ntfy':
      return {
        headers: {
          'Content-Type': 'text/plain; charset=utf-8',
          // Header values must be Latin-1: the title's typographic apostrophes become plain ones.
          Title: message.title.replace(/[^\x20-\x7e]/g, "'"),
          Priority: message.urgent ? 'high' : 'default',
          Tags: message.urgent ? 'warning' : 'white_check_mark',
        },
        body: message.text,
      };
    case 'teams':
      return json({
        type: 'message',
        attachments: [
          {
            contentType: 'application/vnd.microsoft.card.adaptive',
            contentUrl: null,
            content: {
              $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
              type: 'AdaptiveCard',
              version: '1.4',
              body: [
                { type: 'TextBlock', text: message.title, weight: 'Bolder', size: 'Medium', wrap: true },
                { type: 'TextBlock', text: message.text, wrap: true },
              ],
            },
          },
        ],
      });
    default:
      return json({ text: line });
  }
}

/** How long a webhook may take to answer. */
export const alertTimeoutMs = 5000;

export type AlertPost = (
  url: string,
  message: AlertMessage,
) => Promise<{ ok: true } | { ok: false; code: string }>;

/** Posts the message through `fetch`; answers whether the service took it. Never throws. */
export const postAlert = async (
  url: string,
  message: AlertMessage,
  fetch: typeof globalThis.fetch = globalThis.fetch,
): ReturnType<AlertPost> => {
  const { headers, body } = alertRequest(url, message);
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers,
      body,
      redirect: 'error',
      signal: AbortSignal.timeout(alertTimeoutMs),
    });
    await response.body?.cancel();
    return response.ok ? { ok: true } : { ok: false, code: `HTTP_${response.status}` };
  } catch (error) {
    const name = (error as { name?: unknown } | null)?.name;
    return { ok: false, code: name === 'TimeoutError' ? 'TIMEOUT' : 'UNREACHABLE' };
  }
};
