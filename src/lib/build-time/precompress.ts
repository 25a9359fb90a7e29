/**
 * Compressed copies of the build's text files, written once at build time so the local server
 * (server/static-site.ts) sends them as they are instead of compressing on a visitor's request:
 * `about.html.br` (brotli, its best quality but for the largest files) and `about.html.gz` (gzip level 9) beside
 * `about.html`. A copy that would not be smaller than its file is not written (the file is sent
 * as it is), and a copy left from an earlier build is replaced or removed.
 */

import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { isCompressible, precompressedCopies } from '../shared/content-types.ts';

/**
 * Brotli's best quality costs about 2.5 s per MB: the editor's 2 MB script took 5.2 s at 11 and
 * 0.4 s at 9, 8 % larger. Files this large get quality 9, so no build waits seconds for them.
 */
const largeFileBytes = 512 * 1024;

type Encoding = (typeof precompressedCopies)[number]['encoding'];

const compressors: Record<Encoding, (body: Buffer) => Promise<Buffer>> = {
  br: (body) =>
    promisify(brotliCompress)(body, {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: body.length > largeFileBytes ? 9 : constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
  gzip: (body) => promisify(gzip)(body, { level: constants.Z_BEST_COMPRESSION }),
};

export interface PrecompressReport {
  /** Text files found. */
  files: number;
  /** Their bytes, and the bytes of what is sent for them when a browser takes each encoding. */
  bytes: number;
  sent: Record<Encoding, number>;
}

/** Writes (or removes) the compressed copies of every text file under `dir`. */
export async function precompress(dir: string): Promise<PrecompressReport> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  const files = entries
    .filter((entry) => entry.isFile() && isCompressible(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
  const report: PrecompressReport = { files: files.length, bytes: 0, sent: { br: 0, gzip: 0 } };
  // One file at a time, each encoding in parallel: zlib runs off the main thread, and a build
  // shares its machine.
  for (const file of files) {
    const body = await readFile(file);
    report.bytes += body.length;
    await Promise.all(
      precompressedCopies.map(async ({ encoding, suffix }) => {
        const copy = await compressors[encoding](body);
        const smaller = copy.length < body.length;
        report.sent[encoding] += smaller ? copy.length : body.length;
        await (smaller ? writeFile(file + suffix, copy) : rm(file + suffix, { force: true }));
      }),
    );
  }
  return report;
}
