/**
 * A keyboard-only walk over every page (the built sitemap, the contact result pages and a 404; of
 * the posts and case studies, the newest, as tests/support/pages.ts says why):
 * the skip link comes first and works; then, from the top of the page to its end, every stop
 * shows its focus (WCAG 2.4.7) and no sticky or fixed element (the header, the floating booking
 * button) hides it (2.4.11); every target is at least 24×24 px or spaced (2.5.8); and in forced
 * colours controls and focus outlines stay visible. Without JavaScript, where the floating booking
 * button is always shown (with JavaScript it shows only past one viewport, a subset of the same
 * positions); the islands' open states are walked in tests/e2e/js/accessibility.spec.ts.
 */
import { expect, test } from '#support/sweep-page.ts';
import { browserSweepPages } from '#support/pages.ts';
import { expectKeyboardWcag } from '#support/wcag/beyond-axe.ts';

for (const { path } of browserSweepPages) {
  test(`${path} can be walked with the keyboard alone, focus always visible, targets large enough`, async ({
    page,
  }) => {
    await page.goto(path);
    await page.keyboard.press('Tab');
    const skip = page.locator(':focus');
    await expect(skip).toHaveAttribute('href', '#main');
    await expect(skip).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page.locator('#main')).toBeFocused();

    const stops = await expectKeyboardWcag(page, path);
    // The walk went from the header's first link to the footer's last.
    expect(stops.length).toBeGreaterThan(5);
  });
}
