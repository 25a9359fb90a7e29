/**
 * What the cross-engine tests (tests/e2e/engines/) ask of a browser, the same for WebKitGTK
 * (webkit.ts, over classic WebDriver) and Firefox ESR (firefox.ts, over WebDriver BiDi): Debian's
 * builds, as Playwright cannot download its own WebKit and Firefox here.
 */
export interface PageOptions {
  width: number;
  height: number;
  javaScript: boolean;
}

/** A step of the one pointer's sequence, in CSS pixels of the viewport and milliseconds. */
export type PointerStep =
  { type: 'move'; x: number; y: number } | { type: 'down' } | { type: 'up' } | { type: 'pause'; ms: number };

/** A key going down or up: `Tab`, `Shift`, `Enter`, ` ` (Space), `Escape`. */
export interface KeyStep {
  type: 'down' | 'up';
  key: string;
}

/** Each key pressed and released in turn; `Shift+Tab` holds Shift around Tab. */
export function keyPresses(...keys: string[]): KeyStep[] {
  return keys.flatMap((combo) => {
    const parts = combo.split('+');
    return [
      ...parts.map((key) => ({ type: 'down' as const, key })),
      ...parts.reverse().map((key) => ({ type: 'up' as const, key })),
    ];
  });
}

export interface EnginePage {
  goto(url: string): Promise<void>;
  /**
   * Runs `fn` (its source, so that it runs in the page as written) with JSON `args` in the page
   * and resolves with its JSON result. With JavaScript off the engines still run it, as the tools do.
   */
  evaluate<T>(fn: string, ...args: unknown[]): Promise<T>;
  pointer(steps: PointerStep[]): Promise<void>;
  /** The keyboard's steps; a key may go down in one call and come up in a later one. */
  keyboard(steps: KeyStep[]): Promise<void>;
  /** Goes back in the tab's history; poll for the page expected, as a restored one fires no load. */
  back(): Promise<void>;
  /** Errors, console errors and CSP violations recorded in the current document (none with JS off). */
  problems(): Promise<string[]>;
  close(): Promise<void>;
}

export interface Engine {
  name: string;
  /** Whether the engine's packages are installed (`.ci/run` installs them). */
  installed: boolean;
  open(options: PageOptions): Promise<EnginePage>;
}

/** The phone and desktop sizes of the Chromium suite (playwright.config.ts). */
export const phoneSize = { width: 375, height: 812 };
export const desktopSize = { width: 1280, height: 800 };

/**
 * Recorded from each document's start in both engines: errors, console errors and CSP violations
 * (the listener before any page script, so an inline script the policy blocks is caught).
 */
export const problemRecorder = `(() => {
  if (window.__pageProblems) return;
  const problems = (window.__pageProblems = []);
  const note = (text) => problems.push(location.pathname + ': ' + text);
  addEventListener('error', (event) => note('error: ' + event.message));
  addEventListener('unhandledrejection', (event) => note('rejection: ' + event.reason));
  document.addEventListener('securitypolicyviolation', (event) =>
    note('CSP violation: ' + event.violatedDirective + ' ' + (event.blockedURI || 'inline')), true);
  const consoleError = console.error.bind(console);
  console.error = (...args) => { note('console error: ' + args.join(' ')); consoleError(...args); };
})();`;

/** Polls `read` until it returns something `done` accepts; the engines run frames slowly under Xvfb. */
export async function pollFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 10_000) {
  const end = Date.now() + timeoutMs;
  let value = await read();
  while (!done(value) && Date.now() < end) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    value = await read();
  }
  return value;
}

/**
 * Reads where something is (`read` scrolls it into view first) until two reads 100 ms apart agree.
 * A section drawn only as it nears the screen (`content-visibility: auto`) takes its real height a
 * frame after it is scrolled to, which moves what is in and after it: a press aimed at the first
 * reading would land beside its control, where a visitor's finger, aimed at what is drawn, does not.
 */
export async function settledAt<T extends { x: number; y: number }>(
  read: () => Promise<T>,
  timeoutMs = 5_000,
) {
  let last = await read();
  for (const end = Date.now() + timeoutMs; Date.now() < end;) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    const now = await read();
    if (now.x === last.x && now.y === last.y) return now;
    last = now;
  }
  return last;
}
