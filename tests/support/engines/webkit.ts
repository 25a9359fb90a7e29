/**
 * WebKitGTK, the engine nearest Safari, driven over classic WebDriver by Debian's WebKitWebDriver
 * (`webkit2gtk-driver`) under a virtual display (`xvfb`). Its browser is webkit-shell.py (PyGObject,
 * `gir1.2-webkit2-4.1` and `python3-gi`): Debian's MiniBrowser cannot be narrower than 447 px.
 * The client is the dozen WebDriver commands the tests use, over fetch: a client package would
 * bring a tree of dependencies for them.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  problemRecorder,
  type Engine,
  type EnginePage,
  type PageOptions,
  type PointerStep,
} from './engine.ts';

const driverPath = '/usr/bin/WebKitWebDriver';
const shell = join(import.meta.dirname, 'webkit-shell.py');
const keyCodes: Record<string, string> = {
  Tab: '\uE004',
  Enter: '\uE007',
  Shift: '\uE008',
  Escape: '\uE00C',
};

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** One WebKitWebDriver, shared by the pages a test file opens; each page is its own session. */
let driver: { base: string; process: ChildProcess } | undefined;

async function startDriver() {
  if (driver) return driver.base;
  const port = await freePort();
  // Its own process group, so that closing it ends Xvfb too.
  const child = spawn(
    'xvfb-run',
    ['-a', '-s', '-screen 0 1600x1200x24', driverPath, `--port=${port}`, '--host=127.0.0.1'],
    { detached: true, stdio: 'ignore' },
  );
  const base = `http://127.0.0.1:${port}`;
  for (let tries = 0; tries < 200; tries++) {
    const ready = await fetch(`${base}/status`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) {
      driver = { base, process: child };
      return base;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('WebKitWebDriver did not start');
}

/** Ends the shared driver and its display; a test file calls it once its pages are closed. */
export function stopWebKitDriver() {
  if (driver?.process.pid) process.kill(-driver.process.pid, 'SIGTERM');
  driver = undefined;
}

async function command<T>(url: string, method: 'GET' | 'POST' | 'DELETE', body?: unknown): Promise<T> {
  const response = await fetch(url, {
    method,
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const { value } = (await response.json()) as { value: T & { error?: string; message?: string } };
  if (!response.ok) throw new Error(`WebDriver ${method} ${url}: ${value.error}: ${value.message}`);
  return value;
}

function pointerAction(step: PointerStep) {
  switch (step.type) {
    case 'move':
      return {
        type: 'pointerMove',
        x: Math.round(step.x),
        y: Math.round(step.y),
        origin: 'viewport',
        duration: 0,
      };
    case 'down':
      return { type: 'pointerDown', button: 0 };
    case 'up':
      return { type: 'pointerUp', button: 0 };
    case 'pause':
      return { type: 'pause', duration: step.ms };
  }
}

async function open({ width, height, javaScript }: PageOptions): Promise<EnginePage> {
  const base = await startDriver();
  const data = mkdtempSync(join(tmpdir(), 'webkit-'));
  writeFileSync(join(data, 'recorder.js'), problemRecorder);
  const args = [
    '--automation',
    `--size=${width}x${height}`,
    `--data=${data}`,
    `--script=${data}/recorder.js`,
  ];
  if (!javaScript) args.push('--no-js');
  const { sessionId } = await command<{ sessionId: string }>(`${base}/session`, 'POST', {
    capabilities: { alwaysMatch: { 'webkitgtk:browserOptions': { binary: shell, args } } },
  });
  const session = `${base}/session/${sessionId}`;
  const run = <T>(fn: string, args: unknown[]) =>
    command<T>(`${session}/execute/sync`, 'POST', { script: `return (${fn}).apply(null, arguments)`, args });
  // The input state stays between calls: a press may go down in one and come up in the next.
  const actions = async (sources: unknown[]) => {
    await command(`${session}/actions`, 'POST', { actions: sources });
  };
  return {
    goto: (url) => command(`${session}/url`, 'POST', { url }),
    evaluate: (fn, ...args) => run(fn, args),
    pointer: (steps) =>
      actions([
        {
          type: 'pointer',
          id: 'mouse',
          parameters: { pointerType: 'mouse' },
          actions: steps.map(pointerAction),
        },
      ]),
    keyboard: async (steps) => {
      const keys = steps.map(({ type, key }) => ({
        type: type === 'down' ? 'keyDown' : 'keyUp',
        value: keyCodes[key] ?? key,
      }));
      await actions([{ type: 'key', id: 'keyboard', actions: keys }]);
    },
    back: () => command(`${session}/back`, 'POST', {}),
    problems: () => run<string[]>('() => window.__pageProblems ?? []', []),
    close: async () => {
      await command(session, 'DELETE').catch(() => {});
      // The browser may still be writing its last files there as it exits (ENOTEMPTY otherwise).
      rmSync(data, { recursive: true, force: true, maxRetries: 20, retryDelay: 50 });
    },
  };
}

export const webkit: Engine = {
  name: 'WebKitGTK',
  installed: [driverPath, '/usr/bin/xvfb-run'].every((path) => existsSync(path)),
  open,
};
