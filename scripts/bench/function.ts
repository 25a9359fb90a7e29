/**
 * The contact function's part of `npm run bench`, in-process: p50/p99 of each refusal and
 * validation path (no I/O), then 50 concurrent valid sends from 50 addresses, stored in a fresh
 * SQLite store (as `npm start` keeps them) and delivered to the test SMTP server, each counted once.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { deliverEmail } from '../../enquiries/send.ts';
import { maxBodyBytes } from '../../enquiries/body-limit.ts';
import { createSlidingWindowLimiter } from '../../enquiries/sliding-window-limiter.ts';
import { createContactHandler, type ContactHandler } from '../../enquiries/contact-handler.ts';
import { openSqliteStore } from '../../enquiries/store/sqlite.ts';
import type { EnquiryStore } from '../../enquiries/store/store.ts';
import { contactEndpoint } from '../../src/lib/shared/paths.ts';
import { honeypotField } from '../../src/lib/shared/spam-traps.ts';
import { site } from '../../src/site.config.ts';
import { startSmtpSink } from './smtp-sink.ts';
import { percentile, renderFunctionTable, type PathTiming } from './function-report.ts';
import { contactRateLimit } from '../../src/lib/shared/enquiry-policy.ts';

const endpoint = `${site.url}${contactEndpoint}`;
const valid = { name: 'Bench Visitor', email: 'bench@visitor.example', message: 'Measuring the function.' };
const json = (body: unknown, headers: Record<string, string> = {}) =>
  new Request(endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

/** Each path: a fresh request per run, and the status it must answer. */
const paths: { path: string; status: number; request: () => Request }[] = [
  { path: 'method (GET)', status: 405, request: () => new Request(endpoint) },
  { path: 'content type', status: 415, request: () => new Request(endpoint, { method: 'POST', body: 'x' }) },
  {
    path: 'cross-site origin',
    status: 403,
    request: () => json(valid, { origin: 'https://elsewhere.example' }),
  },
  {
    path: 'too large (declared)',
    status: 413,
    request: () => json(valid, { 'content-length': String(maxBodyBytes.json + 1) }),
  },
  { path: 'malformed JSON', status: 400, request: () => json('{"name":') },
  { path: 'honeypot (dropped)', status: 200, request: () => json({ ...valid, [honeypotField]: 'x' }) },
  {
    path: 'invalid fields',
    status: 422,
    request: () => json({ ...valid, email: 'not-an-address', name: '' }),
  },
  { path: 'rate limited', status: 429, request: () => json(valid) },
];

function handlerFor(store: EnquiryStore, limit = Number.MAX_SAFE_INTEGER): ContactHandler {
  return createContactHandler({
    now: () => Date.now(),
    limiter: createSlidingWindowLimiter({ ...contactRateLimit, limit }),
    store,
    mailer: deliverEmail,
    env: process.env,
    brand: site.brand,
    site,
  });
}

async function timePath(
  entry: (typeof paths)[number],
  runs: number,
  store: EnquiryStore,
): Promise<PathTiming> {
  // The rate-limited path shares one address whose allowance is spent; the others never reach it.
  const handler = handlerFor(store, entry.status === 429 ? 0 : undefined);
  const timingsMs: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const request = entry.request();
    const started = performance.now();
    const response = await handler(request, { ip: '192.0.2.1' });
    timingsMs.push(performance.now() - started);
    if (response.status !== entry.status) {
      throw new Error(`${entry.path}: expected ${entry.status}, got ${response.status}`);
    }
  }
  return { path: entry.path, status: entry.status, timingsMs };
}

export interface FunctionBench {
  paths: { path: string; status: number; runs: number; p50Ms: number; p99Ms: number }[];
  concurrent: {
    sends: number;
    delivered: number;
    stored: number;
    wallMs: number;
    p50Ms: number;
    p99Ms: number;
  };
}

export async function benchFunction(runs = 2000): Promise<FunctionBench> {
  const quiet = { info: console.info, warn: console.warn, error: console.error };
  console.info = console.warn = console.error = () => undefined;
  const root = await mkdtemp(path.join(os.tmpdir(), 'bench-function-'));
  const store = openSqliteStore(path.join(root, 'data'));
  const smtp = await startSmtpSink();
  const mailEnv = smtp.env;
  const savedEnv = Object.fromEntries(Object.keys(mailEnv).map((name) => [name, process.env[name]]));
  Object.assign(process.env, mailEnv);
  try {
    const timings: PathTiming[] = [];
    for (const entry of paths) timings.push(await timePath(entry, runs, store));

    const handler = handlerFor(store);
    const started = performance.now();
    const latencies = await Promise.all(
      Array.from({ length: 50 }, async (_, i) => {
        const sent = performance.now();
        const response = await handler(json({ ...valid, submissionId: randomUUID() }), {
          ip: `10.0.0.${i + 1}`,
        });
        if (response.status !== 200) throw new Error(`concurrent send ${i}: ${response.status}`);
        return performance.now() - sent;
      }),
    );
    const wallMs = performance.now() - started;
    const ids = await store.list();

    console.info = quiet.info;
    console.log('\nThe contact function, in-process');
    console.log(renderFunctionTable(timings));
    const concurrent = {
      sends: 50,
      delivered: smtp.delivered,
      stored: ids.ok ? ids.value.length : 0,
      wallMs,
      p50Ms: percentile(latencies, 50),
      p99Ms: percentile(latencies, 99),
    };
    console.log(
      `\n50 concurrent valid sends (SQLite + SMTP): ${concurrent.stored} stored, ${concurrent.delivered} ` +
        `delivered, all in ${wallMs.toFixed(0)} ms; per send p50 ${concurrent.p50Ms.toFixed(0)} ms, ` +
        `p99 ${concurrent.p99Ms.toFixed(0)} ms`,
    );
    if (concurrent.stored !== 50 || concurrent.delivered !== 50) {
      throw new Error('Each of the 50 concurrent sends must be stored and delivered exactly once.');
    }
    return {
      paths: timings.map(({ path: name, status, timingsMs }) => ({
        path: name,
        status,
        runs: timingsMs.length,
        p50Ms: percentile(timingsMs, 50),
        p99Ms: percentile(timingsMs, 99),
      })),
      concurrent,
    };
  } finally {
    Object.assign(console, quiet);
    for (const [name, value] of Object.entries(savedEnv)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    await smtp.close();
    await store.close();
    await rm(root, { recursive: true, force: true });
  }
}
