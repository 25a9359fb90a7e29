/**
 * Checks that run inside a page, the same in Chromium (page.evaluate) and in the other engines
 * (passed as source to EnginePage.evaluate): plain functions, with nothing from outside their body.
 */

/** Words in `selector`'s text laid out across two lines: a break inside a word, not at a space or hyphen. */
export function brokenWords(selector: string): string[] {
  const broken: string[] = [];
  for (const element of document.querySelectorAll(selector)) {
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (const match of text.matchAll(/[^\s-]+-?/g)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const lines = new Set(
          Array.from(range.getClientRects())
            .filter((rect) => rect.width > 0)
            .map((rect) => Math.round(rect.top)),
        );
        if (lines.size > 1) broken.push(match[0]);
      }
    }
  }
  return broken;
}

/** How far the page itself scrolls sideways, in CSS pixels (0 when it does not). */
export function sidewaysScroll(): number {
  return Math.max(0, document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

/**
 * Each table wider than the box it sits in, and whether that box (the table itself or its nearest
 * ancestor that clips) scrolls it sideways: scrolled, the box shows more of the table.
 */
export function tablesWiderThanTheirBox(): { table: string; scrolls: boolean }[] {
  const results: { table: string; scrolls: boolean }[] = [];
  for (const table of document.querySelectorAll('table')) {
    let box: HTMLElement | null = table;
    while (box && getComputedStyle(box).overflowX === 'visible') box = box.parentElement;
    if (!box || box === document.documentElement || box === document.body) box = document.documentElement;
    if (box.scrollWidth <= box.clientWidth) continue;
    const before = box.scrollLeft;
    box.scrollLeft = before + 40;
    results.push({
      table: table.caption?.textContent ?? 'table',
      scrolls: box.scrollLeft > before && box !== document.documentElement,
    });
    box.scrollLeft = before;
  }
  return results;
}

/** Remembers the island holding `selector`'s first match, for islandState after the takeover. */
export function markIsland(selector: string): boolean {
  const island = document.querySelector(selector)?.closest('astro-island');
  (window as unknown as { markedIsland?: Element }).markedIsland = island ?? undefined;
  island?.querySelector('summary, button')?.scrollIntoView({ block: 'center', behavior: 'instant' });
  return island !== null && island !== undefined;
}

/** Where the marked island is: its first control's box, whether React has taken over, whether it is open. */
export function islandState() {
  const island = (window as unknown as { markedIsland: Element }).markedIsland;
  const details = island.querySelector('details');
  const control = island.querySelector('summary, button[aria-expanded]')!;
  const box = control.getBoundingClientRect();
  return {
    x: box.x + box.width / 2,
    y: box.y + box.height / 2,
    hydrated: !island.hasAttribute('ssr'),
    switched: details === null,
    open: details ? details.open : control.getAttribute('aria-expanded') === 'true',
  };
}

/**
 * Adds to the page's first prose block (`.prose-legal`, `.article-prose`) two tables wider than a
 * phone, as an editor may write them on a legal page or in an article: one as the Markdown renders
 * a Markdown table, in a labelled, focusable box of `scrollBoxClass`
 * (src/lib/build-time/articles/markdown-output.ts), and one bare, as a table written in HTML.
 */
export function addEditorTable(scrollBoxClass: string): boolean {
  const prose = document.querySelector('.prose-legal, .article-prose');
  if (!prose) return false;
  const words = ['Internationalisation', 'Responsibilities', 'Confidentiality', 'Recommendations'];
  const row = (cell: string) =>
    `<tr>${words.map((word) => `<${cell}>${word} ${word}</${cell}>`).join('')}</tr>`;
  const table = (caption: string) =>
    `<table><caption>${caption}</caption><thead>${row('th')}</thead><tbody>${row('td')}</tbody></table>`;
  prose.insertAdjacentHTML(
    'beforeend',
    `<div class="${scrollBoxClass}" role="region" tabindex="0" aria-label="Table 1">${table('Editor’s Markdown table')}</div>` +
      table('Editor’s HTML table'),
  );
  return true;
}

/**
 * Starts hydrating the marked island (focus for `Space`, a pointer arriving for `pointer`) and
 * puts a press down on its first control the moment React has its root but has not yet rendered
 * (the island's `ssr` attribute just removed): where a real press lands when the tap or key that
 * asked for hydration goes down as React arrives. React then hydrates at once, inside the press's
 * own dispatch. The press ends a task later, as the browser would end it: key up on the focused
 * element, or pointer up and a click on the control if it is still in the page. Resolves at once;
 * `window.pressResult` says whether the control was still in the page while the press was down.
 */
export function pressAsHydrationStarts(kind: 'Space' | 'pointer'): boolean {
  const page = window as unknown as { markedIsland: Element; pressResult?: { kept: boolean } };
  const island = page.markedIsland;
  const control = island.querySelector('summary');
  if (!control || !island.hasAttribute('ssr')) return false;
  const pointer = (type: string) => new PointerEvent(type, { bubbles: true, isPrimary: true, button: 0 });
  const key = (type: string) => new KeyboardEvent(type, { bubbles: true, key: ' ' });
  new MutationObserver((_, observer) => {
    if (island.hasAttribute('ssr')) return;
    observer.disconnect();
    control.dispatchEvent(kind === 'Space' ? key('keydown') : pointer('pointerdown'));
    const kept = control.isConnected;
    setTimeout(() => {
      if (kind === 'Space') (document.activeElement ?? document.body).dispatchEvent(key('keyup'));
      else if (control.isConnected) {
        control.dispatchEvent(pointer('pointerup'));
        control.click();
      }
      page.pressResult = { kept };
    });
  }).observe(island, { attributes: true, attributeFilter: ['ssr'] });
  if (kind === 'Space') control.focus();
  else control.dispatchEvent(pointer('pointerover'));
  return true;
}

/** A step up the page where the text under the reader moved `moved` px for a scroll of `by`. */
interface ReadingJump {
  scrolledFrom: number;
  moved: number;
  by: number;
}

/**
 * Jumps to the foot of the page (as a link to a late section, or a restored scroll, lands a reader)
 * and goes back up `screens` of a screen at a time, and tells each step at which the text under
 * the middle of the screen moved by more or less than the scroll did: a section above, drawn only
 * as it nears the screen, taking a height other than its estimate without the browser keeping the
 * reading position (scroll anchoring) moves everything under the reader's eyes. A third of a
 * screen is a scroll (a finger or wheel moves the page less than that a frame, and Chromium draws
 * a section from half a screen away); a whole screen is a jump, landing beside a section not yet
 * drawn, which WebKit and Firefox must not have (src/styles/global.css).
 */
export async function readingPositionJumps(screens: number): Promise<ReadingJump[]> {
  const settle = async () => {
    for (let frame = 0; frame < 3; frame++) await new Promise(requestAnimationFrame);
    await new Promise((resolve) => setTimeout(resolve, 50));
  };
  scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' });
  await settle();
  const jumps: ReadingJump[] = [];
  while (scrollY > 0) {
    const reading = document.elementFromPoint(innerWidth / 2, innerHeight / 2);
    if (!reading) break;
    const [from, before] = [scrollY, reading.getBoundingClientRect().top];
    const by = Math.min(Math.round(innerHeight * screens), scrollY);
    scrollBy({ top: -by, behavior: 'instant' });
    await settle();
    const moved = reading.getBoundingClientRect().top - before;
    if (Math.abs(moved - by) > 1)
      jumps.push({ scrolledFrom: Math.round(from), moved: Math.round(moved), by });
    if (scrollY >= from) break;
  }
  return jumps;
}
