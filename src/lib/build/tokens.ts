/**
 * Placeholders editors may write in copy: `{email}` in legal Markdown becomes a mailto link,
 * `{brand}` the brand name, so neither is ever typed into content twice.
 */
import { escapeHtml } from '../shared/html-escape.ts';

/** Fills `{email}` and `{brand}` in already-rendered HTML (the Markdown output of a page). */
export function fillHtmlTokens(html: string, values: { email: string; brand: string }): string {
  const email = escapeHtml(values.email);
  return html
    .replaceAll('{email}', `<a href="mailto:${email}">${email}</a>`)
    .replaceAll('{brand}', escapeHtml(values.brand));
}
