/**
 * A page keeps every utility that could match it, whatever adds the class (its markup, its inline
 * code, an island's bundle), and loses the utilities that name a class it can never have; the rest
 * of the stylesheet stays whole.
 */
import { describe, expect, it } from 'vitest';
import { withPageStyles } from '@/lib/build-time/page-styles';

/** Rules as Tailwind writes its utilities, the only layer cut. */
const utilities = (rules: string) => `@layer utilities{${rules}}`;

const only =
  (...names: string[]) =>
  (name: string) =>
    names.includes(name);

/** The stylesheet a page without classes keeps when only `canAppear`'s classes can be added to it. */
function withoutUnusedRules(css: string, canAppear: (name: string) => boolean): string {
  const html = `<!DOCTYPE html><html><head><style>${css}</style></head><body></body></html>`;
  return /<style>([^<]*)<\/style>/.exec(withPageStyles(html, canAppear))![1]!;
}

describe('the stylesheet a page keeps', () => {
  it('drops a utility whose class can never appear and keeps one whose class can', () => {
    const css = utilities('.flex{display:flex}.grid{display:grid}');
    expect(withoutUnusedRules(css, only('flex'))).toBe(utilities('.flex{display:flex}'));
  });

  it('keeps every rule outside the utilities: base, components, and rules in no layer', () => {
    const css =
      '@layer base{.unused-base{margin:0}}' +
      '@layer components{.btn{padding:1rem}.prose-legal .table-scroll{overflow-x:auto}}' +
      '@supports (overflow-anchor:auto){.late{content-visibility:auto}}';
    expect(withoutUnusedRules(css, only())).toBe(css);
  });

  it('keeps utilities without classes: elements, attributes, ids and the page itself', () => {
    const css = utilities('a{color:red}[open]>summary{font-weight:700}#top{margin:0}:root{--x:1}');
    expect(withoutUnusedRules(css, only())).toBe(css);
  });

  it('needs every class of a compound or complex selector, and none inside a pseudo-class', () => {
    const complex = utilities('.card .title{color:red}');
    expect(withoutUnusedRules(complex, only('card'))).toBe('');
    expect(withoutUnusedRules(complex, only('card', 'title'))).toBe(complex);
    // `:not(.x)` matches without .x; `:is(.a, .b)` and Tailwind's group variants need only their subject.
    const negated = utilities('a:not(.external){color:red}');
    expect(withoutUnusedRules(negated, only())).toBe(negated);
    const group = utilities(
      String.raw`.group-open\/menu\:block:is(:where(.group\/menu):is([open]) *){display:block}`,
    );
    expect(withoutUnusedRules(group, only('group-open/menu:block'))).toBe(group);
    expect(withoutUnusedRules(group, only('group/menu'))).toBe('');
  });

  it('reads escaped class names as the class attribute spells them', () => {
    const flex = String.raw`.md\:flex{display:flex}`;
    const arbitrary = String.raw`.\[\&\>svg\]\:size-4>svg{width:1rem}`;
    const css = utilities(flex + arbitrary);
    expect(withoutUnusedRules(css, only('md:flex'))).toBe(utilities(flex));
    expect(withoutUnusedRules(css, only('[&>svg]:size-4'))).toBe(utilities(arbitrary));
  });

  it('keeps the selectors of a list that can match and drops the others', () => {
    expect(withoutUnusedRules(utilities('.a,.b,li{margin:0}'), only('b'))).toBe(utilities('.b,li{margin:0}'));
  });

  it('removes the media, supports and layer blocks it leaves empty, and nothing else', () => {
    const css =
      String.raw`@layer theme,utilities;@layer utilities{.a{color:red}@media (width>=48rem){.md\:b{color:blue}}` +
      '@supports (display:grid){.c{display:grid}}}@layer utilities{.d{color:red}}' +
      '@keyframes spin{to{rotate:1turn}}@property --x{syntax:"*";inherits:false}';
    expect(withoutUnusedRules(css, only('a'))).toBe(
      '@layer theme,utilities;@layer utilities{.a{color:red}}' +
        '@keyframes spin{to{rotate:1turn}}@property --x{syntax:"*";inherits:false}',
    );
  });
});

describe('withPageStyles', () => {
  const css = utilities(
    '.hero{padding:1rem}.is-open{display:block}.from-island{color:red}.nowhere{color:blue}',
  );
  const page = (body: string) =>
    `<!DOCTYPE html><html><head><style>${css}</style></head><body>${body}</body></html>`;
  const withoutStyle = (html: string) => html.replace(/<style>[^<]*<\/style>/, '');

  it('keeps the classes of the markup, the page’s inline code and the site’s bundles', () => {
    const html = page('<div class="hero">x</div><script>document.body.classList.add("is-open")</script>');
    const kept = withPageStyles(html, only('from-island'));
    expect(kept).toContain(
      `<style>${utilities('.hero{padding:1rem}.is-open{display:block}.from-island{color:red}')}</style>`,
    );
    // Only the stylesheet changed.
    expect(withoutStyle(kept)).toBe(withoutStyle(html));
  });

  it('reads class attributes with their entities decoded, and <template> and <noscript> contents', () => {
    const kept = utilities(
      String.raw`.\[\&\>svg\]\:size-4>svg{width:1rem}.later{color:red}.without-js{display:none}`,
    );
    const html =
      `<!DOCTYPE html><html><head><style>${kept}</style><noscript><b class="without-js"></b></noscript></head>` +
      '<body><p class="[&amp;>svg]:size-4"></p><template><i class="later"></i></template></body></html>';
    expect(withPageStyles(html, only())).toContain(`<style>${kept}</style>`);
  });

  it('leaves a page without inline styles as it was', () => {
    const html = '<!DOCTYPE html><html><head></head><body><p class="x">$&</p></body></html>';
    expect(withPageStyles(html, only())).toBe(html);
  });
});
