/**
 * HTML escaping for text the site writes into markup itself (placeholders in rendered Markdown,
 * redirect pages, the enquiry email's HTML part). Reading built HTML back goes through a parser
 * (src/lib/build-time/html-elements.ts).
 */
const escapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text safe inside an element or a quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => escapes[char] ?? char);
}
