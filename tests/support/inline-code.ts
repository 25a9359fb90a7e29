/**
 * Every inline <script> and <style> a page's HTML holds, read with a real HTML parser (parse5),
 * so the CSP check does not share the build's own way of finding them.
 */
import { parse } from 'parse5';
import type { DefaultTreeAdapterTypes } from 'parse5';
import { speculationRulesDataId } from '#src/lib/shared/page-layout.ts';

type Node = DefaultTreeAdapterTypes.ChildNode | DefaultTreeAdapterTypes.Document;

export interface InlineCode {
  kind: 'script' | 'style';
  text: string;
}

// Script elements the browser does not run (structured data) are not subject to script-src.
const dataTypes = /^(application\/(ld\+)?json|text\/template)$/i;

function* elements(node: Node): Generator<DefaultTreeAdapterTypes.Element> {
  if ('tagName' in node) yield node;
  const children = 'content' in node ? node.content.childNodes : 'childNodes' in node ? node.childNodes : [];
  for (const child of children) yield* elements(child);
}

export function inlineCode(html: string): InlineCode[] {
  const found: InlineCode[] = [];
  for (const element of elements(parse(html))) {
    if (element.tagName !== 'script' && element.tagName !== 'style') continue;
    const attribute = (name: string) => element.attrs.find((attr) => attr.name === name)?.value;
    // The speculation rules' data is data the page's script turns into a rules element, which is code.
    const data = dataTypes.test(attribute('type') ?? '') && attribute('id') !== speculationRulesDataId;
    if (element.tagName === 'script' && (attribute('src') !== undefined || data)) continue;
    const text = element.childNodes.map((child) => ('value' in child ? child.value : '')).join('');
    found.push({ kind: element.tagName, text });
  }
  return found;
}
