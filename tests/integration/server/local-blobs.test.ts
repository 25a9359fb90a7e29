/**
 * The local Blobs server as `npm start` runs it keeps Netlify Blobs' promises that the enquiry
 * job's lease relies on (a read's ETag, conditional writes that cannot both win, an ETag changed
 * by every write, no empty folders), and survives its process: a call to a server that no longer
 * answers ends at its deadline (an enquiry is then sent, not stored, and answered at once), and a
 * killed server is started again.
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { getStore } from '@netlify/blobs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { newRecord } from '../../../functions/lib/record.ts';
import { openEnquiryStore } from '../../../functions/lib/store/records.ts';
import type { LocalBlobs } from '../../../server/local-blobs.ts';
import {
  contactHandlerForTests,
  sampleEnquiry,
  startTempStore,
  stubSmtpEnv,
} from '../../support/enquiries.ts';
import { startSmtpServer } from '../../support/smtp-test-server.ts';

let blobs: LocalBlobs;

beforeAll(async () => {
  blobs = await startTempStore('local-blobs-');
});

afterAll(() => blobs.stop());

/** The pid of the local store's process: this test's only child running blobs-process.ts. */
function storeProcess(): number {
  const lines = execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(process.pid)], { encoding: 'utf8' });
  const pids = lines
    .split('\n')
    .flatMap((line) => (/blobs-process/.test(line) ? [Number.parseInt(line)] : []));
  expect(pids).toHaveLength(1);
  return pids[0] ?? 0;
}

describe('conditional writes on the local store', () => {
  const store = () => getStore({ name: 'consistency', consistency: 'strong' });

  it('answers a read with the ETag that a conditional write checks', async () => {
    const { etag: written } = await store().set('k', 'one');
    const read = await store().getWithMetadata('k');
    expect(read?.etag).toBe(written);
    expect(await store().set('k', 'two', { onlyIfMatch: read?.etag ?? '' })).toMatchObject({
      modified: true,
    });
    expect(await store().set('k', 'three', { onlyIfMatch: read?.etag ?? '' })).toEqual({ modified: false });
    expect(await store().get('k')).toBe('two');
  });

  it('lets exactly one of many racing writes with the same ETag win', async () => {
    const { etag } = await store().set('race', 'start');
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => store().set('race', `writer ${i}`, { onlyIfMatch: etag ?? '' })),
    );
    expect(results.filter((result) => result.modified)).toHaveLength(1);
  });

  it('changes the ETag on every write, however quick', async () => {
    const etags = new Set<string>();
    for (let i = 0; i < 30; i += 1) etags.add((await store().set('quick', String(i))).etag ?? '');
    expect(etags.size).toBe(30);
  });

  it('lists no folder that a delete emptied', async () => {
    await store().set('day/2030-01-01/a', '');
    await store().delete('day/2030-01-01/a');
    expect((await store().list({ prefix: 'day/', directories: true })).directories).toEqual([]);
  });
});

describe('a local store that stops', () => {
  beforeAll(() => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  it('ends a call to a server that no longer answers at its deadline', async () => {
    const pid = storeProcess();
    process.kill(pid, 'SIGSTOP');
    try {
      expect(await openEnquiryStore().get('a'.repeat(32))).toEqual({ ok: false, code: 'STORE_TIMEOUT' });
    } finally {
      process.kill(pid, 'SIGCONT');
    }
  });

  it('lets the contact function answer at the deadline: sent, not stored', async () => {
    const smtp = await startSmtpServer();
    stubSmtpEnv(smtp.port);
    const logs: string[] = [];
    const log = (line: string) => void logs.push(line);
    vi.spyOn(console, 'info').mockImplementation(log);
    vi.spyOn(console, 'error').mockImplementation(log);
    const pid = storeProcess();
    process.kill(pid, 'SIGSTOP');
    try {
      const response = await contactHandlerForTests()(
        new Request('https://agency.example/api/send-contact-email', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ ...sampleEnquiry, submissionId: randomUUID() }),
        }),
        { ip: '192.0.2.40' },
      );
      expect(response.status).toBe(200);
      expect(smtp.received).toHaveLength(1);
      expect(logs.join('\n')).toMatch(/outcome=store_failed id=\w+ code=STORE_TIMEOUT/);
      expect(logs.join('\n')).toMatch(/outcome=sent id=\w+ via=smtp stored=no/);
    } finally {
      process.kill(pid, 'SIGCONT');
      vi.unstubAllEnvs();
      await smtp.close();
    }
  });

  it('is started again when its process is killed, over the same folder', async () => {
    const store = openEnquiryStore();
    const record = newRecord('b'.repeat(32), sampleEnquiry, false, Date.now());
    expect(await store.save(record)).toEqual({ ok: true, value: true });
    const killed = storeProcess();
    process.kill(killed, 'SIGKILL');
    let read = await store.get(record.id);
    for (let tries = 0; !read.ok && tries < 100; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      read = await store.get(record.id);
    }
    expect(read).toEqual({ ok: true, value: record });
    expect(storeProcess()).not.toBe(killed);
  });
});
