/**
 * Built HTML read as a browser reads it (parse5), for every step that inspects the pages the
 * build wrote: the CSP hashes, the share images, the routes of a build, and the tests. Regular
 * expressions would be fooled by a `>` in an attribute, an entity or a tag inside a comment.
 */
import { parse, type DefaultTreeAdapterTypes } from 'parse5';

type Node = DefaultTreeAdapterTypes.Node;
type Element = DefaultTreeAdapterTypes.Element;

export interface HtmlElement {
  /** The tag name, lower case. */
  readonly name: string;
  /** Its attributes, entities decoded. */
  readonly attributes: Readonly<Record<string, string>>;
  /** Its text as the DOM's `textContent` gives it: entities decoded, tags left out. */
  readonly text: string;
  /** Every element inside it, in document order. */
  readonly elements: HtmlElement[];
}

const childrenOf = (node: Node): Node[] =>
  'content' in node ? node.content.childNodes : 'childNodes' in node ? node.childNodes : [];

const textOf = (node: Node): string =>
  node.nodeName === '#text' && 'value' in node ? node.value : childrenOf(node).map(textOf).join('');

/** Every element under `node`, <template> contents included, in document order. */
function* descendants(node: Node): Generator<Element> {
  for (const child of childrenOf(node)) {
    if ('tagName' in child) yield child;
    yield* descendants(child);
  }
}

function wrap(element: Element): HtmlElement {
  return {
    name: element.tagName,
    attributes: Object.fromEntries(element.attrs.map(({ name, value }) => [name, value])),
    get text() {
      return textOf(element);
    },
    get elements() {
      return [...descendants(element)].map(wrap);
    },
  };
}

/**
 * Every element of a page, in document order. With `scriptingEnabled: false` the contents of
 * <noscript> are elements too, as for a browser with JavaScript off.
 */
export function htmlElements(html: string, { scriptingEnabled = true } = {}): HtmlElement[] {
  return [...descendants(parse(html, { scriptingEnabled }))].map(wrap);
}

/** The elements of one tag name, e.g. every `meta`. */
