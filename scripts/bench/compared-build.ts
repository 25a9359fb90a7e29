/**
 * A compared build (--compare DIR), served as this site's server serves its own: this site's build
 * writes a compressed copy beside each text file (src/lib/build-time/precompress.ts), which the
 * server sends instead of compressing per request, so another template's build, or one from before
 * that step, would otherwise go out uncompressed and lose on bytes it does not send. The copies are
 * written into a temporary copy of the build, removed when the bench ends; DIR is left as it is.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { precompress } from '../../src/lib/build-time/precompress.ts';

export async function servedAsBuilt(dir: string): Promise<string> {
  const copy = mkdtempSync(join(tmpdir(), 'bench-compared-'));
  process.on('exit', () => rmSync(copy, { recursive: true, force: true }));
  cpSync(dir, copy, { recursive: true });
  await precompress(copy);
  return copy;
}
