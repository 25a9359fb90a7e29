/**
 * Prices live in content as plain numbers of pounds; this is the one place they become text.
 */
/** 1500 → "£1,500"; 99.5 → "£99.50" in en-GB, the site's `locale` (pence are shown only when there are any). */
export function formatPrice(amount: number, locale: string): string {
  if (!Number.isFinite(amount) || amount < 0) {
    throw new RangeError(`A price must be a positive number of pounds, got ${amount}`);
  }
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: 'GBP',
    minimumFractionDigits: Number.isInteger(amount) ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(amount);
}

/** The lowest of a list of prices, for "from £…" wording that can never disagree with the tiers. */
export function lowestPrice(prices: readonly number[]): number {
  if (prices.length === 0) throw new RangeError('lowestPrice needs at least one price');
  return Math.min(...prices);
}
