/**
 * The built `_redirects` and `_headers` read by Netlify's own parsers: every rule Netlify will
 * apply is one the project's single sources define, and the local server reads the same rules.
 */
import { servedDist } from '#support/built-site.ts';
import { readdirSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import { parseAllHeaders } from '@netlify/headers-parser';
import { parseAllRedirects } from '@netlify/redirect-parser';
import { expect, test } from '@playwright/test';
import { parseRedirectsFile, redirectTarget } from '#src/lib/shared/redirects.ts';
import { readRedirectSources } from '#src/lib/build-time/redirects/redirect-sources.ts';
import { builtSite } from '#support/built-site.ts';
import { buildConfig } from '#src/lib/shared/build-config.ts';
import { cmsAdmin } from '#src/lib/build-time/cms/cms-admin.ts';
import { inlineHashes } from '#src/lib/build-time/security/inline-hashes.ts';
import { precompressedCopies } from '#src/lib/shared/content-types.ts';
import { parseHeadersFile } from '#src/lib/shared/headers-file.ts';
import { baseHeaderRules } from '#src/lib/shared/response-headers.ts';
import { contentSecurityPolicy, pageRules, type InlineHashes } from '#src/lib/shared/security-headers.ts';
import { site } from '#src/site.config.ts';

const dist = servedDist;

interface ParsedRedirect {
  from: string;
  to: string;
  status: number;
  force: boolean;
}

test('Netlify reads dist/_redirects as exactly the editors’ redirects, both slash forms, as forced 301s', async () => {
  const { redirects: parsed, errors } = await parseAllRedirects({
    redirectsFiles: [join(dist, '_redirects')],
    configRedirects: [],
    minimal: true,
  });
  expect(errors).toEqual([]);
  const rules = (parsed as ParsedRedirect[]).map(({ from, to, status, force }) => ({
    from,
    to,
    status,
    force,
  }));
  // What the content files list, but an unpublished entry's old addresses: they wait for it.
  const built = builtSite(dist);
  const listed = readRedirectSources(process.cwd()).rules.filter(
    (rule) => !rule.entry || built.exists(rule.to),
  );
  const expected = listed.flatMap(({ from, to }) =>
    [from, `${from}/`].map((path) => ({ from: path, to, status: 301, force: true })),
  );
  expect(rules).toEqual(expected);
  // The local server reads the same file, and answers each of those paths with the same target.
  const served = parseRedirectsFile(readFileSync(join(dist, '_redirects'), 'utf8'));
  for (const rule of rules) expect(redirectTarget(served, rule.from), rule.from).toBe(rule.to);
});

test('Netlify reads dist/_headers as the site-wide rules plus the build’s policy rules, as the local server does', async () => {
  const headersFile = join(dist, '_headers');
  const read = async (file: string) => {
    const { headers, errors } = await parseAllHeaders({
      headersFiles: [file],
      configHeaders: [],
      minimal: true,
    });
    expect(errors).toEqual([]);
    return headers.map(({ for: path, values }) => ({ for: path, values }));
  };
  const built = await read(headersFile);
  // The site-wide headers and caching, from their one source (response-headers.ts).
  const siteWide = baseHeaderRules.map((rule) => ({
    for: rule.path,
    values: Object.fromEntries(rule.headers),
  }));

  // Each page's CSP the build must have appended, recomputed from the page it wrote.
  const policyOf = (hashes: InlineHashes) =>
    contentSecurityPolicy({
      hashes,
      frameOrigins: [new URL(site.bookingUrl).origin],
      analytics: buildConfig.analytics,
    });
  const pages = readdirSync(dist, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.html') && file !== `${cmsAdmin.page.slice(1)}.html`)
    .map((file) => ({
      file: file.split(sep).join('/'),
      policy: policyOf(inlineHashes(readFileSync(join(dist, file), 'utf8'))),
    }));
  // As the build saw them when it wrote the rules: the compressed copies are written after.
  const topLevelFiles = readdirSync(dist, { withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name)
    .filter((name) => !precompressedCopies.some(({ suffix }) => name.endsWith(suffix)));
  // Then every public page's policy, and the editor's.
  const generated = pageRules({
    pages,
    topLevelFiles,
    filesPolicy: policyOf({ scripts: [], styles: [] }),
    adminPath: cmsAdmin.page,
  }).map((rule) => ({ for: rule.path, values: Object.fromEntries(rule.headers) }));
  expect(built).toEqual([...siteWide, ...generated]);

  // The local server's own reader sees the very same rules.
  const local = parseHeadersFile(readFileSync(headersFile, 'utf8')).map((rule) => ({
    for: rule.path,
    values: Object.fromEntries(rule.headers),
  }));
  expect(local).toEqual(built);
});
