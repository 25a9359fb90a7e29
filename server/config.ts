/**
 * The local server's settings, read once: by `npm start` at start-up, after `.env` has filled in
 * what the environment does not set, and by `npm run dev` on the first enquiry it routes to the
 * function. Trimmed; blank counts as unset:
 * - `PORT`: the port to listen on, 0 to 65535 (0: any free port). Default: 4321.
 * - `HOST`: the address to listen on. Default: 127.0.0.1 (this machine only).
 * - `OUT_DIR`: the built site to serve, relative to the project. Default: dist.
 * - `TRUST_PROXY`: how many reverse proxies stand in front, each appending the address it sees
 *   to X-Forwarded-For: `TRUST_PROXY=1` (or `true`) for one, `TRUST_PROXY=2` for two, up to 9;
 *   `0`, `false` or unset when nothing is in front (anyone can write that header: believing it
 *   then would let a visitor pick their own rate-limit bucket). With N, the visitor is the Nth
 *   X-Forwarded-For entry from the right and X-Forwarded-Proto's value, read the same way, says
 *   whether they came over https (server/function-route.ts). The proxy's set-up: docs/self-hosting.md.
 * - `ENQUIRY_STORE_DIR`: the folder of the SQLite file enquiries are kept in (`npm start`, `npm run
 *   dev`, `npm run enquiries`; enquiries/store/sqlite.ts), relative to the working directory.
 *   Default: .data.
 * - `ENQUIRY_STORE_WAIT_MS`: how long an enquiry waits for that file while another process holds
 *   its write lock (a backup, `sqlite3` open in a terminal) before it is refused (the pages never
 *   wait). Default: 5000.
 * A malformed value stops `npm start` with an error naming the variable and the form it expects
 * (`npm run dev` logs it and answers the function's path with 500).
 */
import { resolve } from 'node:path';
import { storeDeadlineMs } from '../enquiries/store/deadline.ts';
import { assertValid, readEnv, type Env } from '../src/lib/shared/env.ts';

export interface ServerConfig {
  port: number;
  host: string;
  /** Absolute path of the built site. */
  outDir: string;
  /** How many proxies in front are trusted (TRUST_PROXY); 0: none. */
  trustProxy: number;
  /** Absolute path of the local enquiry store's folder. */
  enquiryStoreDir: string;
  /** How long an enquiry waits for a locked store (ENQUIRY_STORE_WAIT_MS). */
  enquiryStoreWaitMs: number;
}

const projectRoot = resolve(import.meta.dirname, '..');

export function serverConfig(env: Env = process.env): ServerConfig {
  const read = readEnv(env);
  const config: ServerConfig = {
    port: read.integer('PORT', { min: 0, max: 65_535, unit: 'a port number' }, 4321),
    host: read.text('HOST') ?? '127.0.0.1',
    outDir: resolve(projectRoot, read.text('OUT_DIR') ?? 'dist'),
    trustProxy: proxyHops(
      read.matching(
        'TRUST_PROXY',
        /^(?:\d|true|false)$/i,
        'must be a number of proxies from 0 to 9, true or false',
      ),
    ),
    enquiryStoreDir: resolve(read.text('ENQUIRY_STORE_DIR') ?? '.data'),
    enquiryStoreWaitMs: read.integer(
      'ENQUIRY_STORE_WAIT_MS',
      { min: 1, max: 600_000, unit: 'a number of milliseconds' },
      storeDeadlineMs,
    ),
  };
  assertValid(read.problems, 'server settings (server/config.ts)');
  return config;
}

/** TRUST_PROXY's hop count: `true` is the one proxy it meant before counts were accepted. */
function proxyHops(value: string | undefined): number {
  const word = value?.toLowerCase();
  if (word === undefined || word === 'false') return 0;
  return word === 'true' ? 1 : Number(word);
}
