/**
 * The Content-Type each kind of file the site serves is sent with, by the local server and `npm run
 * dev`, and which of them are text worth compressing.
 */
import { extname } from 'node:path';

const contentTypes: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.yml': 'text/yaml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.webmanifest': 'application/manifest+json',
};

export function contentTypeFor(path: string): string {
  return contentTypes[extname(path).toLowerCase()] ?? 'application/octet-stream';
}

/** Text kinds: the build writes a compressed copy of each beside it (src/lib/build-time/precompress.ts). */
const compressible = new Set([
  '.html',
  '.css',
  '.js',
  '.json',
  '.xml',
  '.txt',
  '.svg',
  '.yml',
  '.webmanifest',
]);

export function isCompressible(path: string): boolean {
  return compressible.has(extname(path).toLowerCase());
}

/**
 * The compressed copies the build writes beside a text file and the local server sends, in the
 * order it prefers them: `about.html.br`, then `about.html.gz`.
 */
export const precompressedCopies = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
] as const;
