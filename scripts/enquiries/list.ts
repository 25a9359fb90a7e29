/**
 * What `npm run enquiries` does with a store: list every enquiry (id, received, status, attempts,
 * reason) and how many wait for mail to be configured, show one as the email it will be sent as
 * (`--show ID`), or put a failed one back in the retry queue (`--resend ID`). Prints through
 * `print`, every line made safe for a terminal first, and answers an exit code, so tests can run
 * it against any store.
 */
import { enquiryEmail } from '../../functions/lib/send.ts';
import { awaitsMailConfiguration, isEnquiryId, requeue } from '../../functions/lib/record.ts';
import type { EnquiryRecord } from '../../functions/lib/record.ts';
import type { EnquiryStore } from '../../functions/lib/store/records.ts';

const usage = [
  'Usage: npm run enquiries [-- --show ID | --resend ID]',
  '  (no option)   list every stored enquiry: id, received, status, attempts, reason',
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
}

export async function runEnquiriesCommand(args: readonly string[], given: CommandDeps): Promise<number> {
  const print = (text: string) => {
    for (const line of text.split('\n')) given.print(printable(line));
  };
  const deps = { ...given, print };
  const [option, id, ...rest] = args;
  if (option === undefined) return list(deps);
  if ((option !== '--show' && option !== '--resend') || id === undefined || rest.length > 0) {
    deps.print(usage);
    return 2;
  }
  if (!isEnquiryId(id)) {
    deps.print(`"${id}" is not an enquiry id (32 hexadecimal characters, as the list shows).`);
    return 2;
  }
  const read = await deps.store.get(id);
  if (!read.ok) return storeError(deps, read.code);
  if (!read.value) {
    deps.print(`No enquiry ${id}.`);
    return 1;
  }
  if (option === '--show') {
    for (const line of showEmail(read.value, deps)) deps.print(line);
    return 0;
  }
  return resend(read.value, deps);
}

async function list({ store, print }: CommandDeps): Promise<number> {
  const ids = await store.ids();
  if (!ids.ok) return storeError({ print }, ids.code);
  const records: EnquiryRecord[] = [];
  for (const id of ids.value) {
    const read = await store.get(id);
    if (!read.ok) return storeError({ print }, read.code);
    if (read.value) records.push(read.value);
  }
  if (records.length === 0) {
    print('No enquiries stored.');
    return 0;
  }
  records.sort((a, b) => a.receivedAt.localeCompare(b.receivedAt));
  const rows = [['id', 'received', 'status', 'attempts', 'reason']].concat(
    records.map((record) => [
      record.id,
      record.receivedAt,
      record.status,
      String(record.attempts),
      reason(record),
    ]),
  );
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => row[column]?.length ?? 0))) ?? [];
  for (const row of rows)
    print(
      row
        .map((cell, column) => cell.padEnd(widths[column] ?? 0))
        .join('  ')
        .trimEnd(),
    );
  const waiting = records.filter(awaitsMailConfiguration).length;
  print(
    `${waiting} of ${records.length} waiting for mail to be configured` +
      (waiting > 0 ? ': set SMTP_HOST, MAIL_FROM and MAIL_TO (README, Configuration).' : '.'),
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
