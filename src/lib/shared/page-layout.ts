/** Ids and attributes the layout gives its own elements, and the scripts it writes into the page. */

/** The footer's year, which the page script sets to the visitor's (src/lib/browser/page-script.ts). */
export const footerYearId = 'footer-year';

/**
 * The speculation rules, as data the build writes at the end of every page's head
 * (src/lib/build-time/speculation-rules.ts, which says why not as the rules element itself).
 */
export const speculationRulesDataId = 'speculation-rules';

/**
 * The script after that data: copies it into a `<script type="speculationrules">`, allowed by the
 * policy's hash of the same text; browsers without speculation rules get no element. A classic
 * script, so it runs as the parser reaches it, before the first paint: from the page script (a
 * module, run after parsing) the rules cost Chromium a style recalculation of 9–11 ms of CPU after
 * the paint (docs/performance.md, "A busy phone").
 */
export const speculationRulesScript = `{const d=document.getElementById('${speculationRulesDataId}');if(d&&HTMLScriptElement.supports?.('speculationrules')){const s=document.createElement('script');s.type='speculationrules';s.textContent=d.textContent;d.after(s)}}`;

/** Ids the layout and the build give their own elements, which no heading an editor writes may take. */
export const layoutIds = ['main', footerYearId, speculationRulesDataId] as const;

/**
 * An element with this attribute names a module the page needs only once it has loaded (the
 * analytics file, src/components/ConsentBanner.astro): the page script loads it after the load
 * event, when the main thread is idle (src/lib/browser/idle-modules.ts).
 */
export const idleModuleAttribute = 'data-idle-module';
