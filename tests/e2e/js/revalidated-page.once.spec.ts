/**
 * A page the browser revalidated (`npm start` answered 304 with only the headers a cache updates)
 * keeps the security policy of the answer the browser stored: an inline script the policy does
 * not list is still refused, as on the first visit.
 */
import { expect, test, type Page } from '@playwright/test';

/** Whether an inline script added now runs: refused under the page's Content-Security-Policy. */
const inlineScriptRuns = (page: Page) =>
  page.evaluate(() => {
    const marker = `ran${Math.random().toString(36).slice(2)}`;
    const script = document.createElement('script');
    script.textContent = `window.${marker} = true;`;
    document.head.append(script);
    return (window as unknown as Record<string, unknown>)[marker] === true;
  });

test('a page answered 304 on a repeat visit keeps its Content-Security-Policy', async ({ page }) => {
  const first = await page.goto('/about');
  expect(first?.status()).toBe(200);
  expect(await first?.headerValue('content-security-policy')).toBeTruthy();
  expect(await inlineScriptRuns(page)).toBe(false);

  // A reload asks with the stored validator (max-age=0, must-revalidate) and is answered with a
  // policy-less 304: Chromium reports the stored page's status, with the headers that came.
  const again = await page.reload();
  expect((await again?.request().allHeaders())?.['if-none-match']).toBe(await first?.headerValue('etag'));
  expect(await again?.headerValue('content-type')).toBeNull();
  expect(await again?.headerValue('content-security-policy')).toBeNull();
  expect(await inlineScriptRuns(page)).toBe(false);
});
