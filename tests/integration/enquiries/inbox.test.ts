/**
 * `npm run enquiries`: listing, showing (as the email it is sent as) and resending stored
 * enquiries, run against the SQLite store `npm start` keeps, plus the script itself run as the operator runs
 * it; nothing a visitor wrote reaches the terminal as a control or formatting character.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import {
  markDelivered,
  markFailedAttempt,
  markUndeliverable,
  newRecord,
  newUnsentRecord,
  type EnquiryRecord,
} from '#enquiries/record.ts';
import { enquiryEmail } from '#enquiries/email.ts';
import { runEnquiriesCommand } from '#enquiries/inbox.ts';
import { openSqliteStore } from '#enquiries/store/sqlite.ts';
import { projectTypeLabel } from '#src/lib/shared/enquiry.ts';
import { sampleEnquiry } from '#support/enquiries.ts';

const project = path.resolve(import.meta.dirname, '../../..');
const received = Date.UTC(2030, 0, 2, 9, 30);
const now = received + 3 * 24 * 3_600_000;
const directory = path.join(mkdtempSync(path.join(tmpdir(), 'enquiries-command-')), 'data');
const store = openSqliteStore(directory);
let printed: string[];

const pending = markFailedAttempt(
  newRecord('a'.repeat(32), sampleEnquiry, false, received + 60_000),
  { code: 'EAUTH', responseCode: 535 },
  received + 60_000,
);
const kept = newUnsentRecord('d'.repeat(32), sampleEnquiry, false, received + 180_000);
const mail = { from: 'Agency website <website@agency.example>', to: 'enquiries@agency.example' };
const delivered = markDelivered(newRecord('b'.repeat(32), sampleEnquiry, false, received), received);
const failed = markUndeliverable(newRecord('c'.repeat(32), sampleEnquiry, true, received + 120_000), now);

afterAll(async () => {
  await store.close();
  rmSync(path.dirname(directory), { recursive: true, force: true });
});

beforeEach(async () => {
  printed = [];
  for (const record of [pending, delivered, failed, kept]) await store.save(record);
});

const run = (...args: string[]) =>
  runEnquiriesCommand(args, {
    store,
    now: () => now,
    print: (line) => printed.push(line),
    mail,
    brand: 'Agency',
  });

async function stored(id: string): Promise<EnquiryRecord | undefined> {
  const read = await store.readRecord(id);
  return read.ok ? read.value : undefined;
}

describe('npm run enquiries', () => {
  it('lists the inbox newest first: who, project, first words, status, spam flag and why', async () => {
    expect(await run()).toBe(0);
    const project = projectTypeLabel(sampleEnquiry.projectType) ?? '';
    const rows = printed.slice(1, 5).map((line) => line.split(/ {2,}/));
    const who = `${sampleEnquiry.name} <${sampleEnquiry.email}>`;
    const words = sampleEnquiry.message.slice(0, 10);
    expect(rows.map((row) => row.slice(0, 5))).toEqual(
      [kept, failed, pending, delivered].map((record) => [
        record.receivedAt,
        record.id,
        record.status,
        who,
        project,
      ]),
    );
    for (const row of rows) expect(row[5]).toContain(words);
    expect(rows.map((row) => row.slice(6).join(' '))).toEqual([
      '- not_configured',
      'flagged',
      '- EAUTH 535',
      '-',
    ]);
    expect(printed.at(-1)).toBe(
      '1 of 4 waiting for mail to be configured: set SMTP_HOST, MAIL_FROM and MAIL_TO (README, Configuration).',
    );
  });

  it('filters by --status and cuts to --limit rows', async () => {
    expect(await run('--status', 'pending', '--limit', '1')).toBe(0);
    expect(printed.slice(1, -2).map((line) => line.split(/ {2,}/)[1])).toEqual([kept.id]);
    expect(printed.at(-2)).toBe('1 of 4 shown.');
    expect(await run('--status', 'lost')).toBe(2);
    expect(await run('--limit', '0')).toBe(2);
  });

  it('--show prints the email as it will be sent: headers, then the text', async () => {
    expect(await run('--show', kept.id)).toBe(0);
    expect(printed.slice(0, 8)).toEqual([
      `Enquiry ${kept.id}, received ${kept.receivedAt}: pending, not_configured, 0 attempts`,
      '',
      `From: ${mail.from}`,
      `To: ${mail.to}`,
      `Reply-To: "${sampleEnquiry.name}" <${sampleEnquiry.email}>`,
      `Subject: New enquiry: Shopify Build — ${sampleEnquiry.name}`,
      `Message-ID: <enquiry-${kept.id}@agency.example>`,
      '',
    ]);
    expect(printed.slice(8).join('\n')).toBe(enquiryEmail(kept, mail, 'Agency').text.replace(/\n$/, ''));
  });

  it('escapes every control, bidirectional and invisible formatting character it prints', async () => {
    const hostile = newUnsentRecord(
      'e'.repeat(32),
      {
        ...sampleEnquiry,
        name: 'Eve\u202eevil\u2066',
        company: 'Bell\u0007 Co\u200b\u061c',
        message: 'CSI \u009b31m red\u001b[0m\ttab\u200e\u200f\u2069 zero\ufeffwidth\u2028sep',
      },
      false,
      received,
    );
    await store.save(hostile);
    try {
      expect(await run('--show', hostile.id)).toBe(0);
      expect(await run()).toBe(0);
    } finally {
      await store.remove(hostile.id);
    }
    for (const line of printed) expect(line).not.toMatch(/[\p{Cc}\p{Cf}\u2028\u2029]/u);
    const all = printed.join('\n');
    for (const escaped of ['\\u{009b}', '\\u{001b}', '\\u{0009}', '\\u{200e}', '\\u{feff}', '\\u{2028}'])
      expect(all).toContain(escaped);
  });

  it('--resend puts a failed enquiry back in the queue, due now, and nothing else', async () => {
    expect(await run('--resend', delivered.id)).toBe(1);
    expect(await run('--resend', pending.id)).toBe(1);
    expect(await stored(pending.id)).toEqual(pending);

    expect(await run('--resend', failed.id)).toBe(0);
    const requeued = await stored(failed.id);
    expect(requeued).toMatchObject({
      status: 'pending',
      nextAttemptAt: new Date(now).toISOString(),
      requeuedAt: new Date(now).toISOString(),
      receivedAt: failed.receivedAt,
    });
    expect(requeued?.failedAt).toBeUndefined();
  });

  it('explains a wrong option, an unknown id and a malformed one', async () => {
    expect(await run('--list')).toBe(2);
    expect(await run('--show')).toBe(2);
    // The usage, once for each: its first line names the command, and it explains both options.
    const usage = printed.slice(0, printed.length / 2);
    expect(printed).toEqual([...usage, ...usage]);
    expect(usage[0]).toMatch(/^Usage: npm run enquiries /);
    for (const option of ['--show ID', '--resend ID'])
      expect(usage.filter((line) => line.trimStart().startsWith(option))).toHaveLength(1);
    expect(await run('--show', '../../etc/passwd')).toBe(2);
    expect(await run('--show', 'f'.repeat(32))).toBe(1);
    expect(printed.at(-1)).toBe(`No enquiry ${'f'.repeat(32)}.`);
  });

  it('echoes an over-long id cut short, never in full', async () => {
    const pasted = 'x'.repeat(10_000);
    expect(await run('--show', pasted)).toBe(2);
    expect(printed.at(-1)).toMatch(/^"x{40}…" \(10000 characters\) is not an enquiry id/);
    expect(printed.at(-1)?.length).toBeLessThan(200);
  });

  it('reads only the rows it shows, however many are stored', async () => {
    const many = openSqliteStore(path.join(path.dirname(directory), 'many'));
    for (let n = 0; n < 40; n += 1) {
      const id = n.toString(16).padStart(32, '0');
      await many.save(newUnsentRecord(id, sampleEnquiry, false, received + n * 60_000));
    }
    const fetched: number[] = [];
    const counted: typeof many = {
      ...many,
      list: async (query) => {
        const listed = await many.list(query);
        if (listed.ok) fetched.push(listed.value.length);
        return listed;
      },
    };
    const shown: string[] = [];
    const deps = {
      store: counted,
      now: () => now,
      print: (line: string) => shown.push(line),
      mail,
      brand: 'A',
    };
    expect(await runEnquiriesCommand(['--limit', '5'], deps)).toBe(0);
    await many.close();
    expect(fetched).toEqual([5]);
    expect(shown.slice(1, 6).map((line) => line.split(/ {2,}/)[1])).toEqual(
      [39, 38, 37, 36, 35].map((n) => n.toString(16).padStart(32, '0')),
    );
    expect(shown.slice(-2)).toEqual([
      '5 of 40 shown.',
      '40 of 40 waiting for mail to be configured: set SMTP_HOST, MAIL_FROM and MAIL_TO (README, Configuration).',
    ]);
  });

  it('reads the whole inbox a page at a time, never the whole table at once', async () => {
    const many = openSqliteStore(path.join(path.dirname(directory), 'pages'));
    const ids = Array.from({ length: 23 }, (_, n) => n.toString(16).padStart(32, '0'));
    for (const [n, id] of ids.entries()) {
      await many.save(newUnsentRecord(id, sampleEnquiry, false, received + n * 60_000));
    }
    const asked: (number | undefined)[] = [];
    const counted: typeof many = { ...many, list: (query) => (asked.push(query?.limit), many.list(query)) };
    const shown: string[] = [];
    const deps = {
      store: counted,
      now: () => now,
      print: (line: string) => shown.push(line),
      mail,
      brand: 'A',
    };
    try {
      expect(await runEnquiriesCommand([], { ...deps, pageRows: 5 })).toBe(0);
      expect(asked.length).toBeGreaterThan(1);
      expect(asked.every((limit) => limit !== undefined && limit <= 5)).toBe(true);
      expect(shown.slice(1, -1).map((line) => line.split(/ {2,}/)[1])).toEqual(ids.toReversed());
      // Cut by --limit, the last page asks for no more than the rows still to show.
      asked.length = 0;
      expect(await runEnquiriesCommand(['--limit', '7'], { ...deps, pageRows: 5 })).toBe(0);
      expect(asked).toEqual([5, 2]);
    } finally {
      await many.close();
    }
  });

  it('--summary counts by status, with the oldest pending and the last failure, and no visitor', async () => {
    expect(await run('--summary')).toBe(0);
    expect(printed.slice(0, 3)).toEqual([
      '2 pending (1 of them waiting for mail settings), 1 delivered, 1 failed.',
      `Oldest pending: received ${pending.receivedAt}, 2 d 23 h ago.`,
      `Last send failure: ${pending.lastErrorAt}, EAUTH 535.`,
    ]);
    const all = printed.join('\n');
    for (const detail of [sampleEnquiry.name, sampleEnquiry.email, sampleEnquiry.message.slice(0, 10)])
      expect(all).not.toContain(detail);
    expect(await run('--summary', '--status', 'pending')).toBe(2);
  });

  it('runs as a script over ENQUIRY_STORE_DIR', async () => {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      [path.join(project, 'scripts/enquiries.ts'), '--show', delivered.id],
      // In the store's folder: the script reads .env from where it runs, and the project's may hold live settings.
      { cwd: directory, env: { PATH: process.env.PATH, ENQUIRY_STORE_DIR: directory, MAIL_TO: mail.to } },
    );
    expect(stderr).toContain(`Local store ${directory}`);
    expect(stdout).toContain(`Enquiry ${delivered.id}, received ${delivered.receivedAt}: delivered`);
    expect(stdout).toContain('From: (MAIL_FROM is not set)');
    expect(stdout).toContain(`To: ${mail.to}`);
  });
});
