/**
 * What the pages mark for the speculation rules (src/lib/build-time/speculation-rules.ts), so the
 * rules can fetch the likely next pages once the page has loaded and is on screen, and never
 * before: no rule can wait for that by itself, but a document rule's CSS selector is matched again
 * whenever the page's style changes, so a mark set then starts it.
 */

/** Set on the root element once the page has loaded and is on screen (markLoadedScript). */
export const pageLoadedAttribute = 'data-loaded';

/** On a list whose items each hold a link to a page the visitor is likely to want next (the service cards). */
export const likelyNextAttribute = 'data-likely-next';

/**
 * The inline script, on every page, that sets the mark once the page has loaded and is on screen:
 * its loaded pictures decoded, its first paint reported (Chromium runs the first animation frames
 * before anything is drawn, so frames alone do not tell), then two animation frames, so a picture
 * painted after the text is drawn too. What is fetched ahead then never competes with the page's
 * own first view; started on the load alone, it often did (a fast load fires before the first
 * paint), and Lighthouse counted those fetches into the largest paint (mobile, from the home page:
 * /privacy 752 → 1,051 ms). A page opened in a background tab paints nothing, so it fetches
 * nothing ahead until it is looked at. Inline (its hash is in the policy, like every inline
 * script) because it must run on a first visit with nothing cached; without JavaScript nothing is
 * fetched ahead and the rules still prerender on intent.
 */
export const markLoadedScript = `addEventListener('load',()=>Promise.all([...document.images].filter((i)=>i.complete).map((i)=>i.decode().catch(()=>{}))).then(()=>new Promise((painted)=>new PerformanceObserver(painted).observe({type:'paint',buffered:true}))).then(()=>requestAnimationFrame(()=>requestAnimationFrame(()=>document.documentElement.setAttribute('${pageLoadedAttribute}','')))))`;
