/**
 * Each page's share of the site's stylesheet. Tailwind writes one stylesheet for the whole site and
 * every page inlines it, so a service page also carried the form's, the articles' and the legal
 * pages' utilities. A page keeps every utility that could ever match it, and loses only those that
 * name a class the page can never have: one that appears in none of its elements and in none of the
 * scripts that could add it (the islands' bundles and the page's inline code). Tailwind finds its
 * classes by reading source text in the same way, so a class a script can set is always spelt out
 * in that script. Only Tailwind's utilities layer is cut: the base styles and the site's own
 * components (buttons, and the Markdown text's styles, which an editor's text may call on) stay
 * whole on every page.
 *
 * Why it matters: the whole first answer (headers and compressed page) then fits in the first
 * round trip, TCP's initial window of ten 1,460-byte segments, on every page (docs/performance.md).
 */
import postcss, { type AtRule, type Container, type Rule } from 'postcss';
import selectorParser from 'postcss-selector-parser';
import { htmlElements } from './html-elements.ts';

/** Whether a class can appear on the page: in its markup, or written by one of its scripts. */
export type ClassCanAppear = (name: string) => boolean;

/**
 * The classes a complex selector requires the page to have: those in its compound selectors, not
 * those inside a pseudo-class (`:not(.x)` matches without `.x`, `:is(.a, .b)` needs only one).
 */
function requiredClasses(selector: selectorParser.Selector): string[] {
  return selector.nodes.filter((node) => node.type === 'class').map((node) => node.value);
}

/** The selector list, or undefined for one the parser cannot read: such a rule is kept. */
function parsedSelectors(selector: string) {
  try {
    return selectorParser().astSync(selector);
  } catch {
    return undefined;
  }
}

/** Removes the at-rules (media, supports, layer blocks) that pruning left empty. */
function removeEmptyBlocks(container: Container) {
  container.each((node) => {
    if (node.type !== 'atrule') return;
    const block = node as AtRule;
    if (!block.nodes) return;
    removeEmptyBlocks(block);
    if (block.nodes.length === 0) block.remove();
  });
}

/** Whether a rule sits in Tailwind's utilities layer, however deep in media and supports blocks. */
function isUtility(rule: Rule): boolean {
  for (let parent = rule.parent; parent && parent.type !== 'root'; parent = parent.parent)
    if (parent.type === 'atrule' && (parent as AtRule).name === 'layer')
      return (parent as AtRule).params.trim() === 'utilities';
  return false;
}

/**
 * The stylesheet without the utilities no element of the page can match, and without the selectors
 * of a list that none can. Everything else is left byte for byte as it was (minified stays minified).
 */
function withoutUnusedRules(css: string, canAppear: ClassCanAppear): string {
  const root = postcss.parse(css);
  root.walkRules((rule) => {
    // Keyframe steps (`from`, `50%`) are not selectors, and they are not utilities.
    if (
      !isUtility(rule) ||
      (rule.parent?.type === 'atrule' && /keyframes$/i.test((rule.parent as AtRule).name))
    )
      return;
    const selectors = parsedSelectors(rule.selector);
    if (!selectors) return;
    const kept = selectors.nodes.filter((selector) => requiredClasses(selector).every(canAppear));
    if (kept.length === 0) rule.remove();
    else if (kept.length < selectors.nodes.length) rule.selector = kept.map(String).join(',');
  });
  removeEmptyBlocks(root);
  return root.toString();
}

/**
 * A page's HTML with each inline stylesheet cut to what the page can use. `inBundles` says whether
 * a script the site ships as a file (a page's islands load some of them) spells the class; the
 * page's own inline scripts are read from its HTML.
 */
export function withPageStyles(html: string, inBundles: ClassCanAppear): string {
  const elements = htmlElements(html, { scriptingEnabled: false });
  const classes = new Set(elements.flatMap((element) => element.attributes['class']?.split(/\s+/) ?? []));
  const inlineScripts = elements
    .filter((element) => element.name === 'script')
    .map((element) => element.text)
    .join('\n');
  const canAppear: ClassCanAppear = (name) =>
    classes.has(name) || inlineScripts.includes(name) || inBundles(name);
  let result = html;
  for (const style of elements.filter((element) => element.name === 'style')) {
    const pruned = withoutUnusedRules(style.text, canAppear);
    if (pruned !== style.text) result = result.replace(style.text, () => pruned);
  }
  return result;
}
