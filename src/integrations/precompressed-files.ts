/**
 * After every other step has written its files: a brotli and a gzip copy of each text file the
 * build wrote (src/lib/build-time/precompress.ts), which the local server sends as they are.
 * Netlify compresses on its own and does not use them.
 */
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { precompress } from '../lib/build-time/precompress.ts';

const kib = (bytes: number) => `${Math.round(bytes / 1024)} KiB`;

export function precompressedFiles(): AstroIntegration {
  return {
    name: 'precompressed-files',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const { files, bytes, sent } = await precompress(fileURLToPath(dir));
        logger.info(
          `${files} text files, ${kib(bytes)}: ${kib(sent.br)} as brotli, ${kib(sent.gzip)} as gzip`,
        );
      },
    },
  };
}
