/**
 * The WCAG checks of tests/support/wcag/ tested themselves: each finds the fault in a small page
 * built to break it, and passes the same page once the fault is mended, so a check that cannot
 * fail (or fails everything) shows here first.
 */
import { expect, test, type Page } from '@playwright/test';
import { focusProblems, tabWalk } from '#support/wcag/focus.ts';
import { forcedColourProblems } from '#support/wcag/forced-colors.ts';
import { ibmViolations } from '#support/wcag/ibm.ts';
import { largeTextCss, layoutProblems, setUserStyle, textSpacingCss } from '#support/wcag/layout.ts';
import { motionProblems } from '#support/wcag/motion.ts';
import { targetSizeProblems } from '#support/wcag/target-size.ts';

const html = (body: string, css = '') =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Fixture</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body { margin: 0; font: 1rem/1.5 sans-serif } :focus-visible { outline: 3px solid #0f766e } ${css}</style>
</head><body><main>${body}</main></body></html>`;

async function show(page: Page, body: string, css = '') {
  await page.setContent(html(body, css));
}

test('reflow: a box wider than 320 px makes the page scroll sideways', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await show(page, '<p style="width: 400px">A line set in a fixed width</p>');
  expect((await layoutProblems(page)).join('\n')).toMatch(/scrolls sideways/);
  await show(page, '<p style="max-width: 400px">A line set in a fixed width</p>');
  expect(await layoutProblems(page)).toEqual([]);
});

test('text spacing: a fixed-height box that hides overflow cuts the spaced text off', async ({ page }) => {
  const box = (height: string) =>
    `<div style="${height}; overflow: hidden"><p>First paragraph</p><p>Second paragraph</p></div>`;
  await show(page, box('height: 4.5em'), 'p { margin: 0 }');
  expect(await layoutProblems(page)).toEqual([]);
  await setUserStyle(page, textSpacingCss);
  expect((await layoutProblems(page)).join('\n')).toMatch(/"Second paragraph": cut off by <div>/);
  await show(page, box('min-height: 4.5em'), 'p { margin: 0 }');
  await setUserStyle(page, textSpacingCss);
  expect(await layoutProblems(page)).toEqual([]);
});

test('200 % text: a row that cannot wrap pushes its last control off the screen', async ({ page }) => {
  const row = (wrap: string) =>
    `<nav style="display: flex; gap: 1rem; ${wrap}">${'<a href="#a" style="white-space: nowrap">A link with a long label</a>'.repeat(5)}<a href="#b">Book a Call</a></nav>`;
  await show(page, row(''), 'html { overflow-x: hidden }');
  await setUserStyle(page, largeTextCss);
  expect((await layoutProblems(page)).join('\n')).toMatch(/"Book a Call": off-screen/);
  await show(page, row('flex-wrap: wrap'), 'html { overflow-x: hidden }');
  await setUserStyle(page, largeTextCss);
  expect(await layoutProblems(page)).toEqual([]);
});

test('focus visible and not obscured: a walk finds a hidden outline and a fixed button on top', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 400 });
  const fixed =
    '<a href="#book" style="position: fixed; inset: auto 0 0 0; height: 80px; background: teal">Book</a>';
  const footer = '<div style="height: 800px">Content</div><footer><a href="#a">Privacy Policy</a></footer>';
  await show(page, `<a href="#x" style="outline: none">No ring</a>${footer}${fixed}`);
  const problems = focusProblems(await tabWalk(page)).join('\n');
  expect(problems).toMatch(/"No ring": no visible focus indicator/);
  expect(problems).toMatch(/"Privacy Policy": entirely hidden by <a> "Book"/);

  // Room below the footer and scroll padding keep it clear of the button.
  await show(
    page,
    `<a href="#x">A ring</a>${footer}${fixed}`,
    'html { scroll-padding-bottom: 120px } footer { padding-bottom: 120px }',
  );
  const stops = await tabWalk(page);
  expect(stops.map(({ name }) => name)).toEqual(['<a> "A ring"', '<a> "Privacy Policy"', '<a> "Book"']);
  expect(focusProblems(stops)).toEqual([]);
});

test('focus in an embedded page: the frame is its stop, reported when a fixed bar hides it', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 400 });
  const body = `<a href="#x">Top</a><div style="height: 800px">Content</div>
<iframe title="Scheduler" srcdoc="<button>Pick a time</button>" style="height: 40px; border: 0"></iframe>
<div style="height: 400px">More</div>
<div style="position: fixed; inset: auto 0 0 0; height: 300px; background: teal">Cookie bar</div>`;
  await show(page, body);
  const problems = focusProblems(await tabWalk(page)).join('\n');
  expect(problems).toMatch(/<iframe> "Scheduler": entirely hidden by <div> "Cookie bar"/);
  // The frame's focus indicator is its own page's, so that is all there is to report.
  expect(problems).not.toMatch(/iframe.*no visible focus indicator/);

  await show(page, body, 'html { scroll-padding-bottom: 310px }');
  expect(focusProblems(await tabWalk(page))).toEqual([]);
});

test('target size: small targets side by side fail; a link in a sentence is exempt', async ({ page }) => {
  const small = 'style="display: inline-block; width: 16px; height: 16px; padding: 0"';
  await show(page, `<p><button ${small}>a</button><button ${small}>b</button></p>`);
  expect((await targetSizeProblems(page)).join('\n')).toMatch(
    /<button> "a" is 16 × 16 px, too close to <button> "b"/,
  );
  await show(
    page,
    `<p><button ${small}>a</button></p><p style="margin-top: 40px"><button ${small}>b</button></p>`,
  );
  expect(await targetSizeProblems(page)).toEqual([]);
  await show(page, '<p>Read <a href="#a">our terms</a> and <a href="#b">policy</a> first.</p>');
  expect(await targetSizeProblems(page)).toEqual([]);
});

test('reduced motion: a transition or animation left running fails', async ({ page }) => {
  const css =
    '@keyframes spin { to { rotate: 1turn } } .spin { animation: spin 1s infinite } .fade { transition: opacity 300ms }';
  await show(page, '<p class="spin">Spinning</p><p class="fade">Fading</p>', css);
  const problems = (await motionProblems(page)).join('\n');
  expect(problems).toMatch(/animates spin/);
  expect(problems).toMatch(/transitions opacity/);
  await show(
    page,
    '<p class="spin">Spinning</p><p class="fade">Fading</p>',
    `@media (prefers-reduced-motion: no-preference) { ${css} }`,
  );
  expect(await motionProblems(page)).toEqual([]);
});

test('forced colours: a button drawn by its background alone and a shadow focus ring vanish', async ({
  page,
}) => {
  const css =
    'button { background: teal; color: white; border: 0 } a:focus-visible { outline: none; box-shadow: 0 0 0 3px teal }';
  await show(page, '<button>Send</button> <a href="#a">A link</a>', css);
  const problems = (await forcedColourProblems(page)).join('\n');
  expect(problems).toMatch(/<button> "Send" has no boundary/);
  expect(problems).toMatch(/<a> "A link" shows no focus outline/);
  await page.emulateMedia({ forcedColors: 'none' });
  await show(
    page,
    '<button>Send</button> <a href="#a">A link</a>',
    'button { background: teal; color: white; border: 1px solid transparent }',
  );
  expect(await forcedColourProblems(page)).toEqual([]);
});

test('IBM Equal Access: an unlabelled field and an image without a text alternative fail', async ({
  page,
}) => {
  await show(
    page,
    '<h1>Form</h1><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" width="20" height="20"><input type="text">',
  );
  const violations = (await ibmViolations(page)).join('\n');
  expect(violations).toMatch(/img_alt_valid/);
  expect(violations).toMatch(/input_label_exists/);
  await show(
    page,
    '<h1>Form</h1><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" width="20" height="20" alt="Logo"><label>Name <input type="text"></label>',
  );
  expect(await ibmViolations(page)).toEqual([]);
});
