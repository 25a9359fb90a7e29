/**
 * The CSP hashes of the inline code the build produced, found with a real HTML parser (parse5),
 * so a `>` inside an attribute or a `</script>` inside a comment never shifts what is hashed.
 * The hash is taken over the element's text exactly as the browser hashes it.
 */
import { createHash } from 'node:crypto';
import { parse, type DefaultTreeAdapterTypes } from 'parse5';
import type { InlineHashes } from '../shared/security-headers.ts';

type Node = DefaultTreeAdapterTypes.Node;
type Element = DefaultTreeAdapterTypes.Element;

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

// Script elements the browser does not execute (structured data) are not subject to script-src.
const dataScriptTypes = /^(application\/(ld\+)?json|text\/template)$/i;

/** Every element, <template> contents included. */
function* elements(node: Node): Generator<Element> {
  if ('tagName' in node) yield node;
  const children = 'content' in node ? node.content.childNodes : 'childNodes' in node ? node.childNodes : [];
  for (const child of children) yield* elements(child);
}

const attribute = (element: Element, name: string) => element.attrs.find((attr) => attr.name === name)?.value;

const text = (element: Element) =>
  element.childNodes
    .map((child) => (child.nodeName === '#text' && 'value' in child ? child.value : ''))
    .join('');

/** The CSP hash of every distinct inline <script> and <style> in one page's HTML. */
export function inlineHashes(html: string): InlineHashes {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  // Without scripting, <noscript> holds elements too: its styles apply when JavaScript is off.
  for (const element of elements(parse(html, { scriptingEnabled: false }))) {
    if (element.tagName === 'style') styles.add(sha256(text(element)));
    if (element.tagName !== 'script' || attribute(element, 'src') !== undefined) continue;
    if (dataScriptTypes.test(attribute(element, 'type')?.trim() ?? '')) continue;
    scripts.add(sha256(text(element)));
  }
  return { scripts: [...scripts].sort(), styles: [...styles].sort() };
}

export function mergeHashes(all: InlineHashes[]): InlineHashes {
  const scripts = new Set(all.flatMap((hashes) => hashes.scripts));
  const styles = new Set(all.flatMap((hashes) => hashes.styles));
  return { scripts: [...scripts].sort(), styles: [...styles].sort() };
}
