/**
 * One deadline around a whole call to Netlify Blobs. The client retries a failed request up to
 * five times with pauses of seconds, so a single call could take close to a minute; this answers
 * `STORE_TIMEOUT` when the deadline passes, and makes the client's remaining retries fail at once.
 * Never throws.
 */

export type StoreResult<T> = { ok: true; value: T } | { ok: false; code: string };

/** The longest one store call may take, retries included, on a visitor's request. */
export const storeDeadlineMs = 5000;

/**
 * `operation` gets the `fetch` to hand the Blobs client: every request it makes is cut off when
 * the call's deadline passes.
 */
export async function storeCall<T>(
  operation: (fetch: typeof globalThis.fetch) => Promise<T>,
  deadlineMs = storeDeadlineMs,
): Promise<StoreResult<T>> {
  const abort = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<StoreResult<T>>((resolve) => {
    timer = setTimeout(() => {
      abort.abort();
      resolve({ ok: false, code: 'STORE_TIMEOUT' });
    }, deadlineMs);
  });
  const boundedFetch: typeof globalThis.fetch = (input, init) =>
    fetch(input, { ...init, signal: abort.signal });
  const work = (async (): Promise<StoreResult<T>> => {
    try {
      return { ok: true, value: await operation(boundedFetch) };
    } catch (error) {
      return { ok: false, code: storeErrorCode(error) };
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
