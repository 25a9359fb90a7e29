/**
 * Serves the built site the way Netlify does: the 301s of the build's `_redirects`, routes without a
 * trailing slash from `name.html`, the 404 page with status 404, long-lived caching for hashed
 * assets only. The bytes go out through `send` (Express's file serving): an ETag and Last-Modified
 * on every file, 304 with no body and only the headers a cache updates when the browser's copy is
 * still current (If-None-Match, If-Modified-Since), HEAD and ranges, dotfiles never. Text goes out
 * as the brotli or gzip copy the build wrote beside it (src/lib/build-time/precompress.ts): nothing
 * is compressed here. The function is mounted beside it in server.ts.
 */
import { readFileSync, statSync } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import { extname, join, normalize, relative, sep } from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import onHeaders from 'on-headers';
import send from 'send';
import { contentTypeFor, precompressedCopies } from '../src/lib/shared/content-types.ts';
import { withoutTrailingSlash } from '../src/lib/shared/paths.ts';
import { parseRedirectsFile, redirectTarget } from '../src/lib/shared/redirects.ts';
import { headersFor, parseHeadersFile, pathPattern } from '../src/lib/shared/headers-file.ts';
import { cacheControl, hashedAssetsPath, notModifiedHeaders } from '../src/lib/shared/response-headers.ts';
import { acceptsEncoding } from './accept-encoding.ts';
import { sameOriginLocation, type RequestTarget } from './request-target.ts';

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

/** A file found inside the build folder: its real path (symlinks resolved) and when it changed. */
interface Found {
  real: string;
  mtimeMs: number;
  /** The build folder's real path, as it was when the file was found. */
  root: string;
}

/** What `send` reports when it will not serve a file: a dotfile (404), If-Match failing (412)… */
type SendError = Error & { status?: number };

export function createStaticSite({ root, log = console.log }: StaticSiteOptions): StaticSite {
  const base = normalize(root + sep);
  // A file of the build, parsed on first use (so a server started before the build still works)
  // and again once it is another file: a new build swapped in (server/scheduled-rebuild.ts) brings
  // its own policy, with the hashes of its own inline code, and its own redirects.
  const builtFile = <T>(name: string, parse: (text: string) => T) => {
    let kept: { file: string; value: T } | undefined;
    return () => {
      const info = statSync(join(base, name), { throwIfNoEntry: false });
      const file = info ? `${info.ino}:${info.mtimeMs}` : '';
      if (kept?.file !== file) kept = { file, value: parse(readOptional(join(base, name))) };
      return kept.value;
    };
  };
  // The same `_headers` file Netlify reads, so both hosts send the same security headers.
  const headerRules = builtFile('_headers', parseHeadersFile);
  const headersForPath = (pathname: string) => headersFor(pathname, headerRules());
  // The same `_redirects` file Netlify reads (the build writes it from the editors' redirects).
  const redirectTable = builtFile('_redirects', parseRedirectsFile);
  const redirectFor = (pathname: string) => redirectTarget(redirectTable(), pathname);
  const applyHeaders = (res: ServerResponse, pathname: string) => {
    for (const [name, value] of Object.entries(headersForPath(pathname))) res.setHeader(name, value);
  };

  /**
   * `file` when it is a file whose real path lies inside the build folder: a symlink must not lead
   * out. `root`, the folder's real path when the caller already has it (a compressed copy's file).
   */
  async function findInside(file: string, root?: string): Promise<Found | undefined> {
    const [real, realRoot] = await Promise.all([realpath(file), root ?? realpath(base)]).catch(() => []);
    if (!real || !realRoot || !real.startsWith(realRoot.endsWith(sep) ? realRoot : realRoot + sep)) return;
    const info = await stat(real).catch(() => undefined);
    return info?.isFile() ? { real, mtimeMs: info.mtimeMs, root: realRoot } : undefined;
  }

  /**
   * The copy to send: the first compressed one the browser accepts, unless it is older than the
   * file (edited after the build), else the file itself; `varies` when any copy could be sent.
   */
  async function copyToSend(file: Found, accepted: string) {
    let chosen: { real: string; encoding?: string } = file;
    let varies = false;
    for (const { encoding, suffix } of precompressedCopies) {
      const copy = await findInside(file.real + suffix, file.root);
      if (!copy || copy.mtimeMs < file.mtimeMs) continue;
      varies = true;
      if (chosen === file && acceptsEncoding(accepted, encoding)) chosen = { real: copy.real, encoding };
    }
    return { ...chosen, varies };
  }

  /** The file a clean URL path maps to, or undefined when it would leave the root. */
  function fileFor(pathname: string): string | undefined {
    const relativePath = pathname === '/' ? 'index.html' : extname(pathname) ? pathname : `${pathname}.html`;
    const file = normalize(join(base, relativePath));
    return file.startsWith(base) ? file : undefined;
  }

  async function serveFile(
    req: IncomingMessage,
    res: ServerResponse,
    status: 200 | 404,
    file: Found,
    pathname: string,
  ): Promise<void> {
    const copy = await copyToSend(file, String(req.headers['accept-encoding'] ?? ''));
    for (const name of res.getHeaderNames()) res.removeHeader(name);
    res.statusCode = status;
    applyHeaders(res, pathname);
    // A `_headers` rule may name a file's type (the speculation rules), as on Netlify; an error
    // page is HTML whatever path it answers.
    const named = status === 200 ? headersForPath(pathname)['content-type'] : undefined;
    res.setHeader('Content-Type', named ?? contentTypeFor(file.real));
    // An error page is never a hashed asset, whatever path it answers.
    res.setHeader('Cache-Control', status === 200 ? cacheFor(pathname) : cacheControl.revalidate);
    if (copy.varies) res.setHeader('Vary', 'Accept-Encoding');
    if (copy.encoding) res.setHeader('Content-Encoding', copy.encoding);
    const path = `/${relative(file.root, copy.real).split(sep).map(encodeURIComponent).join('/')}`;
    // An error page is answered whole, and never as "not modified": its status is the news.
    const found = status === 200;
    // `send` decides on a 304 after the headers are set: it then goes out with only those a cache
    // updates its copy with.
    onHeaders(res, () => {
      if (res.statusCode !== 304) return;
      for (const name of res.getHeaderNames()) if (!notModifiedHeaders.has(name)) res.removeHeader(name);
    });
    const sent = send(req, path, {
      root: file.root,
      index: false,
      dotfiles: 'ignore',
      cacheControl: false,
      etag: found,
      lastModified: found,
      acceptRanges: found,
    });
    await new Promise<void>((done, fail) => {
      sent.on('error', fail);
      sent.on('directory', () => fail(Object.assign(new Error('a folder'), { status: 404 })));
      res.once('close', done);
      sent.pipe(res);
    });
  }

  function redirect(res: ServerResponse, location: string, pathname: string) {
    res.statusCode = 301;
    applyHeaders(res, pathname);
    res.setHeader('Location', location);
    res.setHeader('Cache-Control', cacheControl.redirect);
    res.end();
  }

  async function notFound(
    req: IncomingMessage,
    res: ServerResponse,
    target: RequestTarget,
    pathname: string,
  ) {
    log(`404 ${sameOriginLocation(target.rawPath)}`);
    const page = await findInside(join(base, '404.html'));
    if (page) return serveFile(req, res, 404, page, pathname);
    res.statusCode = 404;
    res.end('Not found');
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

    const moved = redirectFor(pathname);
    if (moved) return redirect(res, sameOriginLocation(moved, search), pathname);

    if (rawPath.length > 1 && rawPath.endsWith('/')) {
      return redirect(res, sameOriginLocation(withoutTrailingSlash(rawPath), search), pathname);
    }

    const file = pathname.includes('\0') ? undefined : fileFor(pathname);
    const found = file ? await findInside(file) : undefined;
    if (!found) return notFound(req, res, target, pathname);
    try {
      await serveFile(req, res, 200, found, pathname);
    } catch (error) {
      const { status = 500 } = error as SendError;
      if (res.headersSent || status >= 500) throw error;
      // A path `send` will not serve (a dotfile) is not found.
      if (status === 404) return notFound(req, res, target, pathname);
      // A failed precondition (If-Match) or a range past the end: the status says it all.
      for (const name of ['Content-Encoding', 'Content-Type', 'Content-Length']) res.removeHeader(name);
      res.statusCode = status;
      res.end();
    }
  }

  return { headersFor: headersForPath, applyHeaders, handle };
}
