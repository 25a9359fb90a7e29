/**
 * What the pages mark for the speculation rules (src/lib/build-time/speculation-rules.ts), so the
 * rules can fetch the likely next pages once the page has loaded, and never before: no rule can
 * wait for a page's load by itself, but a document rule's CSS selector is matched again whenever
 * the page's style changes, so a mark set on load starts it.
 */

/** Set on the root element once the page has loaded (markLoadedScript). */
export const pageLoadedAttribute = 'data-loaded';

/** On a list whose items each hold a link to a page the visitor is likely to want next (the service cards). */
export const likelyNextAttribute = 'data-likely-next';

/**
 * The inline script, on every page, that sets the mark. Inline (its hash is in the policy, like
 * every inline script) because it must run on a first visit with nothing cached; without
 * JavaScript nothing is fetched ahead and the rules still prerender on intent.
 */
export const markLoadedScript = `addEventListener('load',()=>document.documentElement.setAttribute('${pageLoadedAttribute}',''))`;
