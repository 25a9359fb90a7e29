/**
 * The CSP hashes of the inline code the build produced, found with a real HTML parser,
 * so a `>` inside an attribute or a `</script>` inside a comment never shifts what is hashed.
 * The hash is taken over the element's text exactly as the browser hashes it.
 */
import { createHash } from 'node:crypto';
import type { InlineHashes } from '../../shared/security-headers.ts';
import { htmlElements } from '../html-elements.ts';
import { speculationRulesDataId } from '../../shared/page-layout.ts';

const cspHash = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

// Script elements the browser does not execute (structured data) are not subject to script-src,
// but for the speculation rules' data: the page copies its text into a rules element, which is.
const dataScriptTypes = /^(application\/(ld\+)?json|text\/template)$/i;

/** The CSP hash of every distinct inline <script> and <style> in one page's HTML. */
export function inlineHashes(html: string): InlineHashes {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  // Without scripting, <noscript> holds elements too: its styles apply when JavaScript is off.
  for (const { name, attributes, text } of htmlElements(html, { scriptingEnabled: false })) {
    if (name === 'style') styles.add(cspHash(text));
    if (name !== 'script' || attributes['src'] !== undefined) continue;
    const data = dataScriptTypes.test(attributes['type']?.trim() ?? '');
    if (data && attributes['id'] !== speculationRulesDataId) continue;
    scripts.add(cspHash(text));
  }
  return { scripts: [...scripts].sort(), styles: [...styles].sort() };
}
