/**
 * The retry job's part of `npm run bench`: one run of the job over the self-hosted SQLite store
 * holding 1,000, 10,000 and 50,000 records (all delivered within 30 days but 10 pending and due,
 * and 10 past their retention), against the test SMTP server. The records are written straight
 * into the file in one transaction, so seeding 50,000 takes seconds. Three runs are timed: one
 * with work due, one with nothing due, and a third the same (the count the job takes each run is
 * one query here).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { listedAt } from '../../enquiries/store/store.ts';
import { markDelivered, newRecord, type EnquiryRecord } from '../../enquiries/record.ts';
import { createRetryHandler } from '../../enquiries/retry-handler.ts';
import { deliverEmail } from '../../enquiries/send.ts';
import { enquiryDatabaseFile } from '../../enquiries/store/sqlite-file.ts';
import { openSqliteStore } from '../../enquiries/store/sqlite.ts';
import { enquirySchema } from '../../src/lib/shared/enquiry.ts';
import { startSmtpSink } from './smtp-sink.ts';
import { enquiryPolicy } from '../../src/lib/shared/enquiry-policy.ts';

const sizes = [1_000, 10_000, 50_000];
const day = 24 * 3_600_000;
const enquiry = enquirySchema.parse({
  name: 'Bench Visitor',
  email: 'bench@visitor.example',
  message: 'Measuring the retry job. '.repeat(40),
});

export interface JobBench {
  records: number;
  /** 10 sent and 10 deleted. */
  workRunMs: number;
  /** Nothing due. */
  idleRunMs: number;
  /** Nothing due, once more. */
  countRunMs: number;
  sent: number;
  deleted: number;
}

async function seed(directory: string, records: EnquiryRecord[]): Promise<void> {
  await openSqliteStore(directory).close();
  const db = new DatabaseSync(path.join(directory, enquiryDatabaseFile));
  const insert = db.prepare(
    'INSERT INTO enquiries (id, status, received_at, listed_at, version, data) VALUES (?, ?, ?, ?, 1, ?)',
  );
  db.exec('BEGIN');
  for (const record of records) {
    insert.run(record.id, record.status, record.receivedAt, listedAt(record), JSON.stringify(record));
  }
  db.exec('COMMIT');
  db.close();
}

function recordsFor(size: number, now: number): EnquiryRecord[] {
  const id = (n: number) => n.toString(16).padStart(32, '0');
  const expired = now - enquiryPolicy.deleteDeliveredAfterMs - day;
  return Array.from({ length: size }, (_, n) => {
    if (n < 10) return newRecord(id(n), enquiry, false, now - 10 * 60_000);
    const at = n < 20 ? expired : now - (n % 29) * day - 60_000;
    return markDelivered(newRecord(id(n), enquiry, false, at), at);
  });
}

async function benchSize(size: number): Promise<JobBench> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'bench-job-'));
  const directory = path.join(root, 'data');
  const now = Date.now();
  await seed(directory, recordsFor(size, now));
  const smtp = await startSmtpSink();
  const env = { ...process.env, ...smtp.env };
  const store = openSqliteStore(directory);
  const retry = createRetryHandler({
    now: () => Date.now(),
    store,
    mailer: deliverEmail,
    env,
    brand: 'Bench',
  });
  try {
    const time = async () => {
      const started = performance.now();
      const summary = (await (await retry()).json()) as { deleted?: number };
      return { ms: performance.now() - started, deleted: summary.deleted ?? 0 };
    };
    const work = await time();
    const idle = await time();
    const count = await time();
    return {
      records: size,
      workRunMs: work.ms,
      idleRunMs: idle.ms,
      countRunMs: count.ms,
      sent: smtp.delivered,
      deleted: work.deleted + idle.deleted + count.deleted,
    };
  } finally {
    await smtp.close();
    await store.close();
    await rm(root, { recursive: true, force: true });
  }
}

export async function benchEnquiryJob(): Promise<JobBench[]> {
  const quiet = { info: console.info, error: console.error };
  console.info = console.error = () => undefined;
  const results: JobBench[] = [];
  try {
    for (const size of sizes) results.push(await benchSize(size));
  } finally {
    Object.assign(console, quiet);
  }
  console.log('\nThe retry job over the SQLite store (10 due, 10 past retention, the rest delivered)');
  console.log('records   run: 10 sent, 10 deleted   run: nothing due   run: nothing due, again');
  for (const row of results) {
    const ms = (value: number, width: number) => `${value.toFixed(0)} ms`.padStart(width);
    console.log(
      `${String(row.records).padStart(7)}   ${ms(row.workRunMs, 23)}   ${ms(row.idleRunMs, 16)}   ${ms(row.countRunMs, 25)}`,
    );
    if (row.sent !== 10 || row.deleted !== 10) {
      throw new Error(
        `${row.records} records: expected 10 sent and 10 deleted, got ${row.sent} and ${row.deleted}`,
      );
    }
  }
  return results;
}
