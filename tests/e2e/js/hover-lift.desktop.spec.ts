import { expect, test } from '@playwright/test';
import { expectNoHoverLift, hoverFirstCard } from '../support/motion.ts';

test.describe('card hover lift with JavaScript', () => {
  test('lifts a card under the pointer', async ({ page }) => {
    await page.goto('/');
    const { before, top } = await hoverFirstCard(page);
    await expect.poll(top).toBe(before - 4);
  });

  test('does not move a card under reduced motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    await expectNoHoverLift(page);
  });
});
