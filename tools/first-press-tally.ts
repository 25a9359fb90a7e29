/**
 * Each first-press sweep (tests/e2e/js/first-press.phone.spec.ts in Chromium,
 * tests/e2e/engines/first-press.spec.ts in WebKitGTK and Firefox ESR) notes how many presses it
 * made across hydration and which were lost, as a test annotation: the test fails on any lost
 * press, and `npm run bench -- --presses-only` (scripts/bench/first-presses.ts) sums the notes of
 * many repeated runs into a share that landed, per engine and island.
 */
export const pressTallyAnnotation = 'first presses';

export interface PressTally {
  engine: string;
  island: string;
  tries: number;
  lost: string[];
}

/** The annotation a sweep adds to its test (`test.info().annotations`). */
export const pressNote = (tally: PressTally) => ({
  type: pressTallyAnnotation,
  description: JSON.stringify(tally),
});
