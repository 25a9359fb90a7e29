/**
 * What `npm run enquiries` does with a store: an inbox of the enquiries, newest first (received,
 * id, status, who, project type, the message's first words, whether a spam trap flagged it, why
 * one is not delivered), filtered by `--status` and cut to `--limit` rows, with how many wait for
 * mail to be configured; one shown as the email it is sent as (`--show ID`), or a failed one put
 * back in the retry queue (`--resend ID`); or how the store stands (`--summary`, inbox-summary.ts).
 * The inbox is read and printed a page at a time, so its memory stays the same however many
 * enquiries are stored. Prints through `print`, every line made safe for a terminal first, and
 * answers an exit code, so tests can run it against any store.
 */
import { parseArgs } from 'node:util';
import { projectTypeLabel } from '../src/lib/shared/enquiry.ts';
import { enquiryEmail } from './email.ts';
import { isEnquiryId, requeue } from './record.ts';
import type { EnquiryRecord } from './record.ts';
import type { EnquiryStore, InboxQuery } from './store/store.ts';
import { summaryLines } from './inbox-summary.ts';

const statuses = ['pending', 'delivered', 'failed'] as const;
/** How much of a message a row shows. */
const firstWordsLength = 40;
/** How much of a mistyped id is echoed: an id is 32 characters. */
const idEchoLength = 40;
/** How many rows the inbox reads from the store at a time. */
const pageRows = 100;

const usage = [
  'Usage: npm run enquiries [-- --status STATUS] [--limit N] | [-- --summary | --show ID | --resend ID]',
  '  (no option)   the inbox, newest first: received, id, status, who, project, message, spam, reason',
  `  --status S    only enquiries whose status is S (${statuses.join(', ')})`,
  '  --limit N     at most N rows',
  '  --summary     counts by status, the oldest pending enquiry and the last send failure',
  '  --show ID     print one enquiry as the email it is (or will be) sent as: headers and text',
  '  --resend ID   put a failed enquiry back in the queue; the retry job sends it within a minute',
].join('\n');

export interface CommandDeps {
  store: EnquiryStore;
  now: () => number;
  print: (line: string) => void;
  /** The sender and recipient as configured (MAIL_FROM, MAIL_TO), either possibly unset. */
  mail: { from?: string; to?: string };
  brand: string;
  /** How many rows the inbox reads at a time (100 unless given). */
  pageRows?: number;
}

interface ListOptions {
  status?: (typeof statuses)[number];
  limit?: number;
}

function readArgs(args: readonly string[]) {
  try {
    const { values, positionals } = parseArgs({
      args: [...args],
      options: {
        show: { type: 'string' },
        resend: { type: 'string' },
        status: { type: 'string' },
        limit: { type: 'string' },
        summary: { type: 'boolean' },
      },
    });
    const status = statuses.find((name) => name === values.status);
    const limit = values.limit === undefined ? undefined : Number(values.limit);
    const listing = values.status !== undefined || values.limit !== undefined;
    const picked = [values.show, values.resend, values.summary].filter((value) => value !== undefined).length;
    const valid =
      positionals.length === 0 &&
      picked + (listing ? 1 : 0) <= 1 &&
      (values.status === undefined || status !== undefined) &&
      (limit === undefined || (Number.isInteger(limit) && limit > 0));
    return valid ? { ...values, status, limit } : undefined;
  } catch {
    return undefined;
  }
}

export async function runEnquiriesCommand(args: readonly string[], given: CommandDeps): Promise<number> {
  const print = (text: string) => {
    for (const line of text.split('\n')) given.print(printable(line));
  };
  const deps = { ...given, print };
  const options = readArgs(args);
  if (!options) {
    deps.print(usage);
    return 2;
  }
  if (options.summary) return summary(deps);
  const id = options.show ?? options.resend;
  if (id === undefined) return list(deps, options);
  if (!isEnquiryId(id)) {
    deps.print(`${shortened(id)} is not an enquiry id (32 hexadecimal characters, as the list shows).`);
    return 2;
  }
  const read = await deps.store.readRecord(id);
  if (!read.ok) return storeError(deps, read.code);
  if (!read.value) {
    deps.print(`No enquiry ${id}.`);
    return 1;
  }
  if (options.show !== undefined) {
    for (const line of showEmail(read.value, deps)) deps.print(line);
    return 0;
  }
  return resend(read.value, deps);
}

/** What was typed as an id, quoted and cut short: a pasted page of text is not echoed back. */
function shortened(typed: string): string {
  return typed.length > idEchoLength
    ? `"${typed.slice(0, idEchoLength)}…" (${typed.length} characters)`
    : `"${typed}"`;
}

/** The first words of a message, on one line. */
function firstWords(message: string): string {
  const line = message.replace(/\s+/g, ' ').trim();
  return line.length > firstWordsLength ? `${line.slice(0, firstWordsLength - 1).trimEnd()}…` : line;
}

const header = ['received', 'id', 'status', 'who', 'project', 'message', 'spam', 'reason'];

const row = (record: EnquiryRecord) => [
  record.receivedAt,
  record.id,
  record.status,
  `${record.enquiry.name} <${record.enquiry.email}>`,
  projectTypeLabel(record.enquiry.projectType) ?? '-',
  firstWords(record.enquiry.message),
  record.possibleSpam ? 'flagged' : '-',
  reason(record),
];

async function list(deps: CommandDeps, { status, limit }: ListOptions): Promise<number> {
  const { store, print } = deps;
  // The totals are counted by the store, and the rows read a page at a time.
  const tally = await store.tally();
  if (!tally.ok) return storeError({ print }, tally.code);
  const { records, awaitingMail } = tally.value;
  if (records === 0) {
    print('No enquiries stored.');
    return 0;
  }
  // Each column as wide as its widest cell so far: the same as one table while it fits a page.
  let widths = header.map(() => 0);
  let shown = 0;
  let after: InboxQuery['after'];
  for (let first = true; limit === undefined || shown < limit; first = false) {
    const wanted = Math.min(deps.pageRows ?? pageRows, (limit ?? Infinity) - shown);
    const page = await store.list({ status, limit: wanted, after });
    if (!page.ok) return storeError({ print }, page.code);
    const cells = (first ? [header] : []).concat(page.value.map(row)).map((fields) => fields.map(printable));
    widths = widths.map((width, column) =>
      Math.max(width, ...cells.map((line) => [...(line[column] ?? '')].length)),
    );
    for (const line of cells) {
      const padded = line.map((cell, column) => cell + ' '.repeat((widths[column] ?? 0) - [...cell].length));
      print(padded.join('  ').trimEnd());
    }
    const last = page.value.at(-1);
    if (!last) break;
    shown += page.value.length;
    after = { receivedAt: last.receivedAt, id: last.id };
  }
  if (shown < records) print(`${shown} of ${records} shown.`);
  print(
    `${awaitingMail} of ${records} waiting for mail to be configured` +
      (awaitingMail > 0 ? ': set SMTP_HOST, MAIL_FROM and MAIL_TO (README, Configuration).' : '.'),
  );
  return 0;
}

/** Why an enquiry is not delivered: waiting for configuration, or the last send error's codes. */
function reason(record: EnquiryRecord): string {
  if (record.status === 'delivered') return '';
  if (record.reason) return record.reason;
  const error = record.lastError;
  return error ? [error.code, error.responseCode].filter(Boolean).join(' ') : '';
}

async function summary({ store, now, print }: CommandDeps): Promise<number> {
  const counted = await store.summary();
  if (!counted.ok) return storeError({ print }, counted.code);
  for (const line of summaryLines(counted.value, now())) print(line);
  return 0;
}

/** The email each attempt sends for `record`: its headers, then its text. */
function showEmail(record: EnquiryRecord, { mail, brand }: CommandDeps): string[] {
  const from = mail.from ?? '(MAIL_FROM is not set)';
  const to = mail.to ?? '(MAIL_TO is not set)';
  const email = enquiryEmail(record, { from, to }, brand);
  const status = [record.status, reason(record), `${record.attempts} attempts`].filter(Boolean);
  return [
    `Enquiry ${record.id}, received ${record.receivedAt}: ${status.join(', ')}`,
    '',
    `From: ${email.from}`,
    `To: ${email.to}`,
    `Reply-To: "${email.replyTo.name}" <${email.replyTo.address}>`,
    `Subject: ${email.subject}`,
    `Message-ID: ${email.messageId}`,
    '',
    ...email.text.replace(/\n$/, '').split('\n'),
  ];
}

async function resend(record: EnquiryRecord, { store, now, print }: CommandDeps): Promise<number> {
  if (record.status !== 'failed') {
    print(`Enquiry ${record.id} is ${record.status}; only a failed enquiry can be resent.`);
    return 1;
  }
  const saved = await store.save(requeue(record, now()));
  if (!saved.ok) return storeError({ print }, saved.code);
  print(`Enquiry ${record.id} is pending again; the retry job sends it within a minute.`);
  return 0;
}

function storeError({ print }: Pick<CommandDeps, 'print'>, code: string): number {
  print(`The enquiry store could not be read (${code}).`);
  return 1;
}

/**
 * Text from a visitor made safe for the operator's terminal: every control character (C0, DEL,
 * C1 such as U+009B, which a terminal reads as an escape sequence), line and paragraph separator
 * and invisible formatting character (Unicode category Cf: the bidirectional controls U+202A–202E,
 * U+2066–2069, U+200E/F, U+061C and their kin) is shown as a visible `\u{…}` escape instead.
 */
const unsafe = /[\p{Cc}\p{Cf}\u2028\u2029]/gu;

function printable(text: string): string {
  return text.replace(unsafe, (char) => `\\u{${char.codePointAt(0)?.toString(16).padStart(4, '0')}}`);
}
