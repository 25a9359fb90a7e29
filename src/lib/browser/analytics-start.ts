/**
 * The analytics file: the whole of analytics on a page (analytics-page.ts), built as one file of
 * its own in `_astro/` (ConsentBanner.astro names it) and loaded by the page script once the page
 * has loaded and the main thread is idle (idle-modules.ts). Inline, its 4 KB took every page of a
 * build with an analytics ID past TCP's first round trip, and ran as the parser finished, in the
 * work that follows the first paint (docs/performance.md); as a file it is cached for a year.
 */
import { startAnalytics } from './analytics-page.ts';

startAnalytics();
