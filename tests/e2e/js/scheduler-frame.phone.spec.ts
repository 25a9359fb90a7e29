/**
 * The contact page's embedded scheduler is a heavy third-party app: with JavaScript it loads only
 * once the visitor scrolls within a viewport of it (without JavaScript the browser's lazy loading
 * takes over; see tests/spec/content.spec.ts).
 */
import { expect, test } from '@playwright/test';
import { stubNetwork } from '#support/network.ts';
import { site } from '#support/site.ts';
import { content } from '#support/content.ts';
import { pageSettled } from '#support/settled.ts';

const contact = content.pages.contact;

const frameTitle = contact.scheduler.frameTitle;

test('the scheduling frame loads only as the visitor nears it, and then at 800 px', async ({ page }) => {
  // A short screen keeps the frame's place well beyond the one viewport it is loaded ahead.
  await page.setViewportSize({ width: 375, height: 600 });
  const { external: fetched } = await stubNetwork(page, {
    booking: { contentType: 'text/html', body: '<!doctype html><title>Scheduler</title><p>Pick a time</p>' },
  });

  await page.goto('/contact');
  await pageSettled(page);
  const place = page.locator('[data-scheduler]');
  const placeTop = await place.evaluate((element) => element.getBoundingClientRect().top);
  expect(placeTop, 'the frame starts more than two viewports down').toBeGreaterThan(2 * 600);
  expect(fetched, 'requests outside the site on load').toEqual([]);
  await expect(page.locator('main iframe')).toHaveCount(0);

  await page.getByRole('heading', { name: contact.scheduler.heading }).scrollIntoViewIfNeeded();
  const frame = page.locator('main iframe');
  await expect(frame).toHaveAttribute('src', site.bookingUrl);
  await expect(frame).toHaveAttribute('title', frameTitle);
  expect((await frame.boundingBox())?.height).toBe(800);
  await expect(page.frameLocator('main iframe').getByText('Pick a time')).toBeVisible();
  expect(fetched).toEqual([site.bookingUrl]);
});
