/**
 * Every page the browser sweeps load (tests/support/pages.ts), in WebKitGTK and Firefox ESR, at
 * the phone and desktop sizes (without JavaScript the layout is the same, as Chromium's no-js sweep
 * checks; the engines' no-JS behaviours are in islands.spec.ts): no error, console error or
 * Content-Security-Policy violation, and no sideways scroll; at the phone size, going back up from
 * the foot of the page a whole screen at a time, the text under the reader keeps still (a section
 * drawn late must not move it: src/styles/global.css). First, proof that a violation is caught at
 * all: an inline script the policy refuses must show up.
 */
import { expect, test } from '@playwright/test';
import { desktopSize, phoneSize, pollFor } from '#support/engines/engine.ts';
import { readingPositionJumps, sidewaysScroll } from '#support/engines/page-checks.ts';
import { forEachEngine, siteUrl } from '#support/engines/run.ts';
import { browserSweepPages } from '#support/pages.ts';

const sizes = [
  { name: 'phone', size: phoneSize, javaScript: true },
  { name: 'desktop', size: desktopSize, javaScript: true },
];

forEachEngine((engine, open) => {
  test('a script the Content-Security-Policy refuses is reported', async () => {
    const page = await open({ ...phoneSize, javaScript: true });
    await page.goto(siteUrl('/'));
    await page.evaluate(`() => {
      const script = document.createElement('script');
      script.textContent = 'window.refusedScriptRan = true';
      document.body.append(script);
    }`);
    const problems = await pollFor(
      () => page.problems(),
      (found) => found.length > 0,
    );
    expect(problems.join('\n')).toContain('CSP violation');
    expect(await page.evaluate('() => window.refusedScriptRan ?? false')).toBe(false);
  });

  for (const { name, size, javaScript } of sizes) {
    test(`every page at the ${name} size: no error or CSP violation, no sideways scroll or jump`, async () => {
      test.setTimeout(240_000);
      const page = await open({ ...size, javaScript });
      const found: Record<string, unknown> = {};
      for (const { path } of browserSweepPages) {
        await page.goto(siteUrl(path));
        const problems = await page.problems();
        const sideways = await page.evaluate<number>(sidewaysScroll.toString());
        if (problems.length > 0 || sideways > 0) found[path] = { problems, sideways };
        if (name !== 'phone') continue;
        const jumps = await page.evaluate<unknown[]>(readingPositionJumps.toString(), 1);
        if (jumps.length > 0) found[path] = { ...(found[path] as object), jumps };
      }
      expect(found, `${engine.name}, ${name}`).toEqual({});
    });
  }
});
