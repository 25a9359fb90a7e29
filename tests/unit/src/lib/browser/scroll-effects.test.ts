import { describe, expect, it } from 'vitest';
import {
  fadeInReached,
  fadeInVisibleRatio,
  floatingBookingShown,
  scrollIndicatorPassed,
} from '@/lib/browser/scroll-effects';

describe('the spec thresholds (§9)', () => {
  it('fade in at 20 % visibility (the scroll thresholds are checked below by their effect)', () => {
    expect(fadeInVisibleRatio).toBe(0.2);
  });
});

describe('scrollIndicatorPassed', () => {
  it('stays false up to 35 % of the viewport height and turns true just past it', () => {
    expect(scrollIndicatorPassed(0, 800)).toBe(false);
    expect(scrollIndicatorPassed(279, 800)).toBe(false);
    expect(scrollIndicatorPassed(280, 800)).toBe(false);
    expect(scrollIndicatorPassed(281, 800)).toBe(true);
  });

  it('scales with the viewport (375 × 812 phone)', () => {
    expect(scrollIndicatorPassed(284, 812)).toBe(false);
    expect(scrollIndicatorPassed(285, 812)).toBe(true);
  });
});

describe('floatingBookingShown', () => {
  it('is hidden up to one viewport height and shown once scrolling exceeds it', () => {
    expect(floatingBookingShown(0, 800)).toBe(false);
    expect(floatingBookingShown(799, 800)).toBe(false);
    expect(floatingBookingShown(800, 800)).toBe(false);
    expect(floatingBookingShown(801, 800)).toBe(true);
  });

  it('hides again on scrolling back', () => {
    const seen = [0, 900, 1600, 700].map((y) => floatingBookingShown(y, 812));
    expect(seen).toEqual([false, true, true, false]);
  });
});

describe('fadeInReached', () => {
  it('needs at least 20 % of the section visible', () => {
    expect(fadeInReached(0)).toBe(false);
    expect(fadeInReached(0.19)).toBe(false);
    expect(fadeInReached(0.2)).toBe(true);
    expect(fadeInReached(1)).toBe(true);
  });
});
