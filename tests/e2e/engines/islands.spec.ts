/**
 * The islands and the header's dropdown where the engine decides how they behave, in WebKitGTK and
 * Firefox ESR: the phone menu and the FAQ as native <details> with JavaScript off (Safari's and
 * Firefox's own toggling, the FAQ's shared `name`), the menu by keyboard once React has taken
 * over, the desktop services dropdown opening on hover and on its toggle without JavaScript, and the floating
 * booking button never hiding the focused element (WCAG 2.4.11), tabbing forwards and backwards.
 * The first press across hydration is in first-press.spec.ts.
 */
import { expect, test } from '@playwright/test';
import {
  desktopSize,
  keyPresses,
  phoneSize,
  pollFor,
  settledAt,
  type EnginePage,
} from '#support/engines/engine.ts';
import { islandState, markIsland } from '#support/engines/page-checks.ts';
import { forEachEngine, siteUrl } from '#support/engines/run.ts';
import { faqPages, floatingBookingPages } from '#support/islands.ts';
import { checkFocusedElement, type FocusStop } from '#support/wcag/focus.ts';
import { phoneMenuPanelId } from '#src/lib/shared/phone-menu.ts';
import { serviceLinks } from '#support/site.ts';

/** The centre of `selector`'s `index`th match, scrolled into view, once it stays put. */
const centre = (page: EnginePage, selector: string, index = 0) =>
  settledAt(() =>
    page.evaluate<{ x: number; y: number }>(
      `(selector, index) => {
      const element = document.querySelectorAll(selector)[index];
      element.scrollIntoView({ block: 'center', behavior: 'instant' });
      const box = element.getBoundingClientRect();
      return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    }`,
      selector,
      index,
    ),
  );
const click = async (page: EnginePage, selector: string, index = 0) => {
  const { x, y } = await centre(page, selector, index);
  await page.pointer([{ type: 'move', x, y }, { type: 'down' }, { type: 'up' }]);
};
const visible = (page: EnginePage, selector: string) =>
  page.evaluate<boolean>(
    `(selector) => document.querySelector(selector)?.checkVisibility({ visibilityProperty: true }) ?? false`,
    selector,
  );
const openStates = (page: EnginePage, selector: string) =>
  page.evaluate<boolean[]>(
    `(selector) => [...document.querySelectorAll(selector)].map((details) => details.open)`,
    selector,
  );
/**
 * Resolves after the page's next frame, which runs its scroll events (WebKitGTK under Xvfb draws
 * few), once the floating button's fade in or out has ended: halfway, it hides less than it will.
 */
const buttonSettled = `() => new Promise((resolve) => requestAnimationFrame(() => {
  const fades = document.querySelector('[data-floating-booking]')?.getAnimations() ?? [];
  Promise.all(fades.map((fade) => fade.finished.catch(() => null))).then(() => resolve(true));
}))`;
const until = <T>(read: () => Promise<T>, expected: T) =>
  pollFor(read, (value) => JSON.stringify(value) === JSON.stringify(expected));

forEachEngine((engine, open) => {
  test('without JavaScript the phone menu and the FAQ open and close as native <details>', async () => {
    const page = await open({ ...phoneSize, javaScript: false });
    await page.goto(siteUrl('/'));
    const panel = `#${phoneMenuPanelId}`;
    expect(await visible(page, panel)).toBe(false);
    await click(page, '[data-phone-menu] summary');
    expect(await until(() => visible(page, panel), true)).toBe(true);
    await click(page, '[data-phone-menu] summary');
    expect(await until(() => visible(page, panel), false)).toBe(false);

    await page.goto(siteUrl(faqPages[0]!.path));
    const questions = '[data-faq] details';
    const closed = (await openStates(page, questions)).map(() => false);
    expect(closed.length).toBeGreaterThan(1);
    await click(page, `${questions} > summary`, 0);
    expect(await until(() => openStates(page, questions), closed.with(0, true))).toEqual(
      closed.with(0, true),
    );
    // One open at a time: the second closes the first (the <details> share a name).
    await click(page, `${questions} > summary`, 1);
    expect(await until(() => openStates(page, questions), closed.with(1, true))).toEqual(
      closed.with(1, true),
    );
  });

  test('with JavaScript the phone menu works by keyboard: Enter opens, Escape closes and keeps focus', async () => {
    const page = await open({ ...phoneSize, javaScript: true });
    await page.goto(siteUrl('/'));
    expect(await page.evaluate(markIsland.toString(), '[data-phone-menu]')).toBe(true);
    // Focus asks for hydration, and moves onto the button the toggle becomes.
    await page.evaluate(`() => document.querySelector('[data-phone-menu] summary').focus()`);
    const focusedToggle = `() => document.activeElement?.matches('[data-phone-menu] button[aria-expanded]') ?? false`;
    expect(await until(() => page.evaluate<boolean>(focusedToggle), true)).toBe(true);
    const expanded = async () =>
      (await page.evaluate<ReturnType<typeof islandState>>(islandState.toString())).open;

    await page.keyboard(keyPresses('Enter'));
    expect(await until(expanded, true)).toBe(true);
    expect(await visible(page, `#${phoneMenuPanelId}`)).toBe(true);
    await page.keyboard(keyPresses('Escape'));
    expect(await until(expanded, false)).toBe(false);
    expect(await page.evaluate(focusedToggle)).toBe(true);
    expect(await page.problems()).toEqual([]);
  });

  test('without JavaScript the desktop services dropdown opens on hover and on its toggle', async () => {
    const page = await open({ ...desktopSize, javaScript: false });
    await page.goto(siteUrl('/'));
    const [, firstService] = serviceLinks[0]!;
    const submenuLink = `header a[href="${firstService}"]`;
    expect(await visible(page, submenuLink)).toBe(false);
    // On hover where the engine has a hovering pointer: headless Firefox reports none, as a
    // touch screen does, and the dropdown then opens from its toggle alone.
    if (await page.evaluate<boolean>(`() => matchMedia('(hover: hover)').matches`)) {
      const { x, y } = await centre(page, '[data-dropdown] a');
      await page.pointer([{ type: 'move', x, y }]);
      expect(await until(() => visible(page, submenuLink), true)).toBe(true);
      await page.pointer([{ type: 'move', x, y: y + 300 }]);
      expect(await until(() => visible(page, submenuLink), false)).toBe(false);
    }
    await click(page, '[data-dropdown] summary');
    expect(await until(() => visible(page, submenuLink), true)).toBe(true);
  });

  for (const direction of ['Tab', 'Shift+Tab']) {
    test(`the floating booking button never hides the focused element, walking with ${direction}`, async () => {
      test.setTimeout(180_000);
      const page = await open({ ...phoneSize, javaScript: true });
      await page.goto(siteUrl(floatingBookingPages[0]!.path));
      // From a focused spot before the first element (Tab) or after the last (Shift+Tab).
      await page.evaluate(
        `(backwards) => {
          const start = document.createElement('span');
          start.tabIndex = -1;
          start.dataset.walkStart = '';
          backwards ? document.body.append(start) : document.body.prepend(start);
          start.focus();
        }`,
        direction === 'Shift+Tab',
      );
      const problems: string[] = [];
      const seen = new Set<number>();
      let floatingShown = false;
      for (let step = 0; step < 300; step++) {
        await page.keyboard(keyPresses(direction));
        // The page shows or hides the button on the scroll event the focus move causes, which it
        // gets with its next frame; the check reads the page once the button has settled there.
        await page.evaluate(buttonSettled);
        const stop = await page.evaluate<FocusStop | null>(
          `() => (${checkFocusedElement.toString()})() ?? null`,
        );
        if (!stop || seen.has(stop.order)) break;
        seen.add(stop.order);
        floatingShown ||= await visible(page, '[data-floating-booking]');
        problems.push(
          ...stop.problems.filter((problem) => problem.includes('hidden')).map((p) => `${stop.name}: ${p}`),
        );
      }
      expect(seen.size, 'stops walked').toBeGreaterThan(5);
      expect(floatingShown, 'the button showed during the walk').toBe(true);
      expect(problems, `${engine.name}, ${direction}`).toEqual([]);
    });
  }
});
