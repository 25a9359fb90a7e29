/**
 * One deadline around a whole call to Netlify Blobs, and its answer checked. The client retries a
 * failed request up to five times with pauses of seconds, so a single call could take close to a
 * minute; this answers `STORE_TIMEOUT` when the deadline passes, and makes the client's remaining
 * retries fail at once. The client reports a conditional write answered with anything but 412 as
 * written (a 403, 429 or 500 included): the status of the last answer is checked here instead,
 * and anything but success or a status the call expects (`accept`) is a failure. Never throws.
 */
import type { StoreResult } from './store.ts';

/** The longest one store call may take, retries included, on a visitor's request. */
export const storeDeadlineMs = 5000;

/**
 * `operation` gets the `fetch` to hand the Blobs client: every request it makes is cut off when
 * the call's deadline passes.
 */
export async function storeCall<T>(
  operation: (fetch: typeof globalThis.fetch) => Promise<T>,
  { deadlineMs = storeDeadlineMs, accept = [] }: { deadlineMs?: number; accept?: number[] } = {},
): Promise<StoreResult<T>> {
  const abort = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<StoreResult<T>>((resolve) => {
    timer = setTimeout(() => {
      abort.abort();
      resolve({ ok: false, code: 'STORE_TIMEOUT' });
    }, deadlineMs);
  });
  let lastStatus = 200;
  const boundedFetch: typeof globalThis.fetch = async (input, init) => {
    const response = await fetch(input, { ...init, signal: abort.signal });
    lastStatus = response.status;
    return response;
  };
  const work = (async (): Promise<StoreResult<T>> => {
    try {
      const value = await operation(boundedFetch);
      const answered = (lastStatus >= 200 && lastStatus < 300) || accept.includes(lastStatus);
      return answered ? { ok: true, value } : { ok: false, code: `STORE_HTTP_${lastStatus}` };
    } catch (error) {
      const refused = lastStatus >= 400 && !accept.includes(lastStatus);
      return { ok: false, code: refused ? `STORE_HTTP_${lastStatus}` : storeErrorCode(error) };
    }
  })();
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/** A short code for logs: the system error's code when there is one, never a message or URL. */
function storeErrorCode(error: unknown): string {
  const { name, code, cause } = (error ?? {}) as {
    name?: unknown;
    code?: unknown;
    cause?: { code?: unknown };
  };
  if (name === 'MissingBlobsEnvironmentError') return 'NO_STORE';
  if (name === 'TimeoutError' || name === 'AbortError') return 'STORE_TIMEOUT';
  for (const candidate of [code, cause?.code]) {
    if (typeof candidate === 'string' && /^[A-Z0-9_]{1,32}$/.test(candidate)) return candidate;
  }
  return 'ESTORE';
}
