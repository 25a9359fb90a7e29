/**
 * `npm run bench -- --busy`: one core kept busy while the pages are measured, as a phone is busy
 * with other apps and as CI machines are with other jobs: a child process that spins until it is
 * stopped (or this process exits). Lighthouse's simulated 4x CPU throttling multiplies whatever
 * the busy core takes away from the page's main thread.
 */
import { spawn } from 'node:child_process';

export interface BusyCore {
  pid: number | undefined;
  stop(): void;
}

export function busyCore(): BusyCore {
  const spinner = spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' });
  const stop = () => void spinner.kill('SIGKILL');
  process.once('exit', stop);
  return { pid: spinner.pid, stop };
}
