/** Running one runner of `npm test` as a child process, its output printed as one block or live. */
import { spawn } from 'node:child_process';

const header = (label: string) => `\n── ${label} ──\n`;

/**
 * Runs node with `args` in `cwd`. A `live` run's output is passed on line by line as it comes,
 * otherwise it is printed whole at the end; either way through this process, so blocks never
 * interleave. Resolves to whether it exited 0.
 */
export function run(
  label: string,
  args: string[],
  { cwd, live, env = process.env }: { cwd: string; live: boolean; env?: NodeJS.ProcessEnv },
): Promise<boolean> {
  if (live) process.stdout.write(header(label));
  const child = spawn(process.execPath, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const kept: string[] = [];
  const partial = { stdout: '', stderr: '' };
  const pass = (stream: 'stdout' | 'stderr') => (chunk: string) => {
    if (!live) return void kept.push(chunk);
    const lines = (partial[stream] + chunk).split('\n');
    partial[stream] = lines.pop() ?? '';
    if (lines.length > 0) process.stdout.write(`${lines.join('\n')}\n`);
  };
  // Decoded as text by the streams, so a character split between two chunks stays whole.
  child.stdout.setEncoding('utf8').on('data', pass('stdout'));
  child.stderr.setEncoding('utf8').on('data', pass('stderr'));
  return new Promise((done) => {
    let finished = false;
    const finish = (ok: boolean, note = '') => {
      if (finished) return;
      finished = true;
      const rest = live ? [partial.stdout, partial.stderr].filter(Boolean).join('\n') : kept.join('');
      process.stdout.write(
        (live ? '' : header(label)) + rest + (rest && !rest.endsWith('\n') ? '\n' : '') + note,
      );
      done(ok);
    };
    child.on('error', (error) => finish(false, `${error.message}\n`));
    child.on('close', (code) => finish(code === 0));
  });
}
