/**
 * Old addresses that keep working: src/content/redirects.yaml (any address) and an article's
 * `redirectFrom` (the addresses a renamed post or case study had). Each is a path on this site.
 */
import { z } from 'zod';

/**
 * A path on this site as an address bar shows it after the domain: `/` first, letters, digits and
 * `-._~/%` only, no trailing slash, no `?` or `#` (the query is kept on the way), no `.` or `..` step.
 */
export const sitePath = z
  .string({ error: 'must be an address on this site, e.g. /blog/old-name' })
  .trim()
  .regex(
    /^\/[\w\-.~%/]*$/,
    'must start with / and hold only letters, digits and - _ . ~ / (no spaces, ? or #)',
  )
  .refine((path) => path === '/' || !path.endsWith('/'), 'must not end with /')
  .refine((path) => !path.startsWith('//'), 'must start with a single /')
  .refine((path) => !/(^|\/)\.{1,2}(\/|$)/.test(path), 'must not hold a /./ or /../ step')
  .refine((path) => !path.includes('//'), 'must not hold //');

/** `redirectFrom` in a post's or case study's front matter. */
export const redirectFrom = z
  .array(sitePath.describe('An old address, e.g. /blog/old-name.'))
  .default([])
  .describe(
    'Optional: the addresses this page had before (after a rename or a move), e.g. /blog/old-name. Visitors and search engines asking for one are sent here for good (301).',
  );

/** One line of src/content/redirects.yaml. */
export const redirectRule = z.object({
  from: sitePath.describe('The old address, e.g. /services/bpo.'),
  to: sitePath.describe('The page it now leads to, e.g. /services/admin-appointment: a page of this site.'),
});

/** src/content/redirects.yaml: every old address that is not a post's or case study's own. */
export const redirectsFileSchema = z.object({
  redirects: z
    .array(redirectRule)
    .default([])
    .describe(
      'Old addresses and the page each now leads to (a permanent 301). A post or case study keeps its own old addresses in its redirectFrom.',
    ),
});

export type RedirectsFile = z.infer<typeof redirectsFileSchema>;
