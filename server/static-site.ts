/**
 * Serves the built site the way Netlify does: legacy 301s from the shared list, routes without a
 * trailing slash from `name.html`, the 404 page with status 404, long-lived caching for hashed
 * assets only, and compressed text. The function is mounted beside it in server.ts.
 */
import { readFileSync } from 'node:fs';
import { readFile, realpath, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { contentTypeFor } from '../src/lib/shared/content-types.ts';
import { withoutTrailingSlash } from '../src/lib/shared/paths.ts';
import { redirectTarget } from '../src/lib/shared/redirects.ts';
import {
  headersFor,
  parseHeadersFile,
  pathPattern,
  type HeaderRule,
} from '../src/lib/shared/headers-file.ts';
import { cacheControl, hashedAssetsPath } from '../src/lib/shared/response-headers.ts';
import { sameOriginLocation, type RequestTarget } from './request-target.ts';

const compressible = new Set(['.html', '.css', '.js', '.json', '.xml', '.txt', '.svg', '.webmanifest']);

interface Asset {
  body: Buffer;
  gzip?: Buffer;
  brotli?: Buffer;
}

interface StaticSiteOptions {
  /** The folder `astro build` wrote, e.g. dist/. */
  root: string;
  /** Where "404 /path" lines go; the console by default. */
  log?: (line: string) => void;
}

function readOptional(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

/** The methods a static path answers; any other gets 405 with this list as `Allow`. */
export const allowedMethods = 'GET, HEAD';

const hashedAsset = pathPattern(hashedAssetsPath);

/** Netlify's caching for a path served as it is: `_headers`' hashed-asset rule, else revalidate. */
function cacheFor(pathname: string): string {
  return hashedAsset.test(pathname) ? cacheControl.hashedAsset : cacheControl.revalidate;
}

interface StaticSite {
  /** The `_headers` headers Netlify would send for a path. */
  headersFor(pathname: string): Record<string, string>;
  /** Sets those headers on a response: the server calls it first on every response. */
  applyHeaders(res: ServerResponse, pathname: string): void;
  handle(req: IncomingMessage, res: ServerResponse, target: RequestTarget): Promise<void>;
}

/** Whether `file` (a real path) lies inside the directory `root` (a real path). */
function isInside(file: string, root: string): boolean {
  return file.startsWith(root.endsWith(sep) ? root : root + sep);
}

export function createStaticSite({ root, log = console.log }: StaticSiteOptions): StaticSite {
  const base = normalize(root + sep);
  const cache = new Map<string, Asset>();
  // The same `_headers` file Netlify reads, so both hosts send the same security headers.
  // Read on first use, like the files it serves, so a server started before the build still works.
  let rules: HeaderRule[] | undefined;
  const headersForPath = (pathname: string) => {
    rules ??= parseHeadersFile(readOptional(join(base, '_headers')));
    return headersFor(pathname, rules);
  };
  const applyHeaders = (res: ServerResponse, pathname: string) => {
    for (const [name, value] of Object.entries(headersForPath(pathname))) res.setHeader(name, value);
  };

  async function load(file: string): Promise<Asset | undefined> {
    const cached = cache.get(file);
    if (cached) return cached;
    // Symlinks are resolved first: a link inside dist/ must not serve a file from elsewhere.
    const [real, realRoot] = await Promise.all([realpath(file), realpath(base)]).catch(() => []);
    if (!real || !realRoot || !isInside(real, realRoot)) return undefined;
    const info = await stat(real).catch(() => undefined);
    if (!info?.isFile()) return undefined;
    const asset: Asset = { body: await readFile(real) };
    if (compressible.has(extname(file))) {
      asset.gzip = gzipSync(asset.body, { level: 9 });
      asset.brotli = brotliCompressSync(asset.body);
    }
    cache.set(file, asset);
    return asset;
  }

  /** The file a clean URL path maps to, or undefined when it would leave the root. */
  function fileFor(pathname: string): string | undefined {
    const relative = pathname === '/' ? 'index.html' : extname(pathname) ? pathname : `${pathname}.html`;
    const file = normalize(join(base, relative));
    return file.startsWith(base) ? file : undefined;
  }

  function send(
    req: IncomingMessage,
    res: ServerResponse,
    status: number,
    file: string,
    asset: Asset,
    pathname: string,
  ) {
    const accepts = String(req.headers['accept-encoding'] ?? '');
    const [encoding, body] =
      asset.brotli && /\bbr\b/.test(accepts)
        ? ['br', asset.brotli]
        : asset.gzip && /\bgzip\b/.test(accepts)
          ? ['gzip', asset.gzip]
          : [undefined, asset.body];
    res.statusCode = status;
    applyHeaders(res, pathname);
    // A `_headers` rule may name a file's type (the speculation rules), as on Netlify; an error
    // page is HTML whatever path it answers.
    const named = status === 200 ? headersForPath(pathname)['content-type'] : undefined;
    res.setHeader('Content-Type', named ?? contentTypeFor(file));
    // An error page is never a hashed asset, whatever path it answers.
    res.setHeader('Cache-Control', status === 200 ? cacheFor(pathname) : cacheControl.revalidate);
    res.setHeader('Content-Length', body.length);
    if (asset.gzip) res.setHeader('Vary', 'Accept-Encoding');
    if (encoding) res.setHeader('Content-Encoding', encoding);
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  function redirect(res: ServerResponse, location: string, pathname: string) {
    res.statusCode = 301;
    applyHeaders(res, pathname);
    res.setHeader('Location', location);
    res.setHeader('Cache-Control', cacheControl.redirect);
    res.end();
  }

  async function handle(req: IncomingMessage, res: ServerResponse, target: RequestTarget): Promise<void> {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.statusCode = 405;
      res.setHeader('Allow', allowedMethods);
      res.end();
      return;
    }
    const { rawPath, search } = target;
    const pathname = target.path ?? '/%';

    const legacy = redirectTarget(pathname);
    if (legacy) return redirect(res, sameOriginLocation(legacy, search), pathname);

    if (rawPath.length > 1 && rawPath.endsWith('/')) {
      return redirect(res, sameOriginLocation(withoutTrailingSlash(rawPath), search), pathname);
    }

    const file = pathname.includes('\0') ? undefined : fileFor(pathname);
    const asset = file ? await load(file) : undefined;
    if (file && asset) return send(req, res, 200, file, asset, pathname);

    log(`404 ${sameOriginLocation(rawPath)}`);
    const notFound = join(base, '404.html');
    const page = await load(notFound);
    if (page) return send(req, res, 404, notFound, page, pathname);
    res.statusCode = 404;
    res.end('Not found');
  }

  return { headersFor: headersForPath, applyHeaders, handle };
}
