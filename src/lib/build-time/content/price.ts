/**
 * Prices live in content as plain numbers of pounds; this is the one place they become text.
 */
const pounds = new Intl.NumberFormat('en-GB', {
  style: 'currency',
  currency: 'GBP',
  minimumFractionDigits: 0,
  maximumFractionDigits: 2,
});

const poundsAndPence = new Intl.NumberFormat('en-GB', {
  style: 'currency',
  currency: 'GBP',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** 1500 → "£1,500"; 99.5 → "£99.50" (pence are shown only when there are any). */
export function formatPrice(amount: number): string {
  if (!Number.isFinite(amount) || amount < 0) {
    throw new RangeError(`A price must be a positive number of pounds, got ${amount}`);
  }
  return Number.isInteger(amount) ? pounds.format(amount) : poundsAndPence.format(amount);
}

/** The lowest of a list of prices, for "from £…" wording that can never disagree with the tiers. */
export function lowestPrice(prices: readonly number[]): number {
  if (prices.length === 0) throw new RangeError('lowestPrice needs at least one price');
  return Math.min(...prices);
}
