/**
 * `npm run enquiries`: listing, showing and resending stored enquiries, run against the local
 * Blobs server, plus the script itself run as the operator runs it.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  markDelivered,
  markUndeliverable,
  newRecord,
  type EnquiryRecord,
} from '../../../functions/lib/enquiry-record.ts';
import { openEnquiryStore } from '../../../functions/lib/enquiry-store.ts';
import { runEnquiriesCommand, usage } from '../../../scripts/enquiries/commands.ts';
import { startLocalBlobs, type LocalBlobs } from '../../../server/local-blobs.ts';
import { sampleEnquiry } from '../../support/enquiries.ts';

const project = path.resolve(import.meta.dirname, '../../..');
const received = Date.UTC(2030, 0, 2, 9, 30);
const now = received + 3 * 24 * 3_600_000;
const store = openEnquiryStore();
let root: string;
let blobs: LocalBlobs;
let printed: string[];

const pending = newRecord('a'.repeat(32), sampleEnquiry, false, received + 60_000);
const delivered = markDelivered(newRecord('b'.repeat(32), sampleEnquiry, false, received), received);
const failed = markUndeliverable(newRecord('c'.repeat(32), sampleEnquiry, true, received + 120_000), now);

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'enquiries-command-'));
  blobs = await startLocalBlobs(root);
});

afterAll(async () => {
  await blobs.stop();
  await rm(root, { recursive: true, force: true });
});

beforeEach(async () => {
  printed = [];
  for (const record of [pending, delivered, failed]) await store.save(record);
});

const run = (...args: string[]) =>
  runEnquiriesCommand(args, { store, now: () => now, print: (line) => printed.push(line) });

async function stored(id: string): Promise<EnquiryRecord | undefined> {
  const read = await store.get(id);
  return read.ok ? read.value : undefined;
}

describe('npm run enquiries', () => {
  it('lists id, received, status and attempts, oldest first', async () => {
    expect(await run()).toBe(0);
    expect(printed).toEqual([
      `id${' '.repeat(32)}received                  status     attempts`,
      `${delivered.id}  2030-01-02T09:30:00.000Z  delivered  1`,
      `${pending.id}  2030-01-02T09:31:00.000Z  pending    1`,
      `${failed.id}  2030-01-02T09:32:00.000Z  failed     1`,
    ]);
  });

  it('--show prints one enquiry in full', async () => {
    expect(await run('--show', failed.id)).toBe(0);
    expect(JSON.parse(printed.join('\n'))).toEqual(failed);
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
    expect(printed).toEqual([usage, usage]);
    expect(await run('--show', '../../etc/passwd')).toBe(2);
    expect(await run('--show', 'f'.repeat(32))).toBe(1);
    expect(printed.at(-1)).toBe(`No enquiry ${'f'.repeat(32)}.`);
  });

  it('runs as a script over ENQUIRY_STORE_DIR', async () => {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      [path.join(project, 'scripts/enquiries.ts'), '--show', delivered.id],
      { env: { PATH: process.env.PATH, ENQUIRY_STORE_DIR: root } },
    );
    expect(stderr).toContain(`Local store ${root}`);
    expect(JSON.parse(stdout)).toEqual(delivered);
  });
});
