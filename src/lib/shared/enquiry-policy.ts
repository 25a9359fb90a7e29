/**
 * The enquiry path's numbers, the one home of each: how long a record is retried and kept, how
 * many the store holds, how many enquiries one visitor may send. On the floor every runtime
 * reads: the enquiry path (enquiries/) and the privacy notice's build both take them from here,
 * and it imports nothing.
 */
const minute = 60_000;
const day = 24 * 60 * minute;

/** When a failed send is retried, when it is given up, and when a record is deleted. */
export const enquiryPolicy = {
  /** The first retry comes this long after a failed attempt, doubling each time up to `maxBackoffMs`. */
  firstBackoffMs: minute,
  maxBackoffMs: 60 * minute,
  /** Pending this long after its first send attempt, an enquiry is marked failed and no longer retried. */
  giveUpAfterMs: day,
  deleteDeliveredAfterMs: 30 * day,
  deleteFailedAfterMs: 90 * day,
  /**
   * How long a send holds its record (the lease, saved before the mail server is contacted): far
   * above the longest send and the saving of its outcome (about 31 s, enquiries/host.ts, then
   * about two minutes more while the store refuses "delivered" and the sending process still
   * runs), so neither a slow send, nor a refused save, nor a clock stepped minutes forward hands a
   * live send to another sender. A send whose outcome could not be saved by then (or whose process
   * ended first: a Netlify function's instance may end with its 30 s limit) goes again after the
   * lease, with the same Message-ID.
   */
  sendLeaseMs: 10 * minute,
} as const;

/**
 * The contact function's own rate limit (the local server has no Netlify in front of it, and
 * Netlify's rule cannot hold a window this long): at most 5 accepted enquiries per visitor within
 * 10 minutes. `config.rateLimit` in functions/send-contact-email.mts is held to it by a test.
 */
export const contactRateLimit = {
  limit: 5,
  windowMs: 10 * 60 * 1000,
  /**
   * Netlify's code-defined rules count over a sliding window of at most 180 seconds (600 is
   * refused), so its rule allows the same burst per 3 minutes and this limiter enforces the 10.
   */
  netlifyWindowSeconds: 180,
} as const;

/**
 * The most records the store keeps: past it a new enquiry is not stored (it is still sent when
 * mail works). At the form's rate limit one address could otherwise fill the disk; at about 30 KB
 * a record this is 600 MB, hundreds of times what an agency's 30 days of enquiries take.
 */
export const storeCapRecords = 20_000;
