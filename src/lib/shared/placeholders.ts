/**
 * `{name}` placeholders in editor-written copy ("from {lowestPrice}", "© {year} {brand}"): the one
 * place they are filled, in plain text, in rendered HTML, or around an element a component puts
 * there. Pure, so islands and build steps share it.
 */
import { escapeHtml } from './html-escape.ts';

const placeholder = /\{(\w+)\}/g;

/**
 * Fills every placeholder in plain text. An unknown one is an editor's typo: failing the build
 * loudly beats shipping "{lowestprice}".
 */
export function fillPlaceholders(text: string, values: Record<string, string>): string {
  return text.replace(placeholder, (match, name: string) => {
    const value = Object.hasOwn(values, name) ? values[name] : undefined;
    if (value === undefined) {
      throw new Error(`Unknown placeholder ${match} in "${text}". Known: ${Object.keys(values).join(', ')}`);
    }
    return value;
  });
}

/** Markup that goes in as it is, e.g. a link (whoever builds it escapes what it holds). */
interface Markup {
  html: string;
}

/** A mailto link to `email`, as markup for `{email}` in rendered Markdown. */
export function mailtoLink(email: string): Markup {
  const escaped = escapeHtml(email);
  return { html: `<a href="mailto:${escaped}">${escaped}</a>` };
}

/**
 * Fills placeholders in rendered HTML (a page's Markdown): text values escaped, markup as it is.
 * Braces naming no value stay as they are, since Markdown may hold braces of its own (code).
 */
export function fillHtmlPlaceholders(html: string, values: Record<string, string | Markup>): string {
  return html.replace(placeholder, (match, name: string) => {
    const value = Object.hasOwn(values, name) ? values[name] : undefined;
    if (value === undefined) return match;
    return typeof value === 'string' ? escapeHtml(value) : value.html;
  });
}

/**
 * Splits text at each `{name}`, so a component can put an element (a link, a live year) between
 * the parts: `[before, after]` for one placeholder, `[text]` when there is none.
 */
export function splitAtPlaceholder(text: string, name: string): string[] {
  return text.split(`{${name}}`);
}
