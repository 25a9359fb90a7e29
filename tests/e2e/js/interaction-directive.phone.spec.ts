/**
 * `client:interaction` (src/lib/browser/on-interaction.ts) starts fetching an island's scripts
 * after the next frame, never in the input task of the finger that asked for them, so a tap's
 * first frame does not wait for that work. Checked by order, not time: a request the page makes
 * later in that same task reaches the browser first.
 */
import { expect, test } from '@playwright/test';
import { faqPages, islandFiles } from '#support/islands.ts';
import { failOnPageErrors } from '#support/page-problems.ts';

failOnPageErrors();

test("an island's scripts are asked for after the touch's own task", async ({ page }) => {
  const [{ path }] = faqPages;
  await page.goto(path);
  const island = page.locator('astro-island:has([data-faq])');
  const { component, renderer } = await islandFiles(island);
  const requested: string[] = [];
  page.on('request', (request) => requested.push(new URL(request.url()).href));
  const sameTask = await page.locator('[data-faq]').evaluate((faq) => {
    faq.dispatchEvent(new PointerEvent('pointerover', { bubbles: true }));
    const url = new URL(`?in-the-touch-task`, location.href).href;
    void fetch(url);
    return url;
  });
  await expect(page.locator('[data-faq] h3 > button').first()).toBeVisible();

  const at = (pathname: string) => requested.findIndex((url) => new URL(url).pathname === pathname);
  expect(requested).toContain(sameTask);
  for (const script of [component, renderer]) {
    expect(at(script), script).toBeGreaterThan(requested.indexOf(sameTask));
  }
});
