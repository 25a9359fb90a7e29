/**
 * What the pages mark for the speculation rules (src/lib/build-time/speculation-rules.ts), so the
 * rules can fetch the likely next pages once the page has loaded and is on screen, and never
 * before: no rule can wait for that by itself, but a document rule's CSS selector is matched again
 * whenever the page's style changes, so a mark set then starts it.
 */

/** Set on the root element once the page has loaded and is on screen (src/lib/browser/page-script.ts). */
export const pageLoadedAttribute = 'data-loaded';

/** On a list whose items each hold a link to a page the visitor is likely to want next (the service cards). */
export const likelyNextAttribute = 'data-likely-next';
