/**
 * The path data of the site's stroked 24-px icons, shared by Icon.astro and the islands' Icon.
 * One export each, so an island's bundle carries only the icons it imports.
 */
export const shopify = 'M6 7h12l-1 13H7L6 7Zm3 0V5.5a3 3 0 0 1 6 0V7';
export const content = 'M4 20h4L19 9l-4-4L4 16v4Zm9-13 4 4';
export const admin = 'M4 6h16v14H4V6Zm0 4h16M8 3v4m8-4v4m-8 7h3m-3 3h6';
export const check = 'm5 12 4 4 10-10';
export const arrow = 'M5 12h14m-5-5 5 5-5 5';
export const chevron = 'm6 9 6 6 6-6';
export const menu = 'M4 7h16M4 12h16M4 17h16';
export const close = 'M6 6l12 12M18 6 6 18';
export const mail = 'M3 6h18v12H3V6Zm0 0 9 7 9-7';
export const calendar = 'M4 6h16v14H4V6Zm0 4h16M8 3v4m8-4v4';
export const external = 'M14 4h6v6m0-6-9 9M18 14v6H4V6h6';
