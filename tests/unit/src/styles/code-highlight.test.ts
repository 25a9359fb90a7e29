/**
 * Highlighted code keeps WCAG AA: every colour src/styles/code-highlight.css gives a token has a
 * contrast of 4.5:1 or more against the background it gives the code block, and every token class
 * the highlighter emits is covered only by colours from that file (nothing falls back to an inline style).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { markdownToHtml } from 'satteri';
import { codeHighlight } from '#src/lib/build-time/articles/code-highlight.ts';
import { project } from '#tools/scratch-copy.ts';

const css = readFileSync(join(project, 'src/styles/code-highlight.css'), 'utf8');

/** Each rule's selector with the colour and background it sets. */
const rules = [...css.replace(/\/\*[\s\S]*?\*\//g, '').matchAll(/([^{}]+)\{([^}]*)\}/g)].map(
  ([, selector, body]) => ({
    selector: selector!.trim(),
    color: /(?:^|;|\s)color:\s*(#[0-9a-f]{6})/i.exec(body!)?.[1],
    background: /background(?:-color)?:\s*(#[0-9a-f]{6})/i.exec(body!)?.[1],
  }),
);

function luminance(hex: string) {
  const [r, g, b] = [1, 3, 5].map((at) => {
    const channel = parseInt(hex.slice(at, at + 2), 16) / 255;
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

const contrast = (a: string, b: string) => {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
};

describe('the highlighted code’s colours', () => {
  const block = rules.find((rule) => rule.background !== undefined);

  it('give the block its own background and text colour', () => {
    expect(block?.background).toBeDefined();
    expect(block?.color).toBeDefined();
  });

  it('each keep 4.5:1 against the block’s background (WCAG AA)', () => {
    const colours = rules.filter((rule) => rule.color !== undefined);
    expect(colours.length).toBeGreaterThan(5);
    const low = colours
      .map((rule) => ({ selector: rule.selector, ratio: contrast(rule.color!, block!.background!) }))
      .filter(({ ratio }) => ratio < 4.5);
    expect(low).toEqual([]);
  });

  it('colour the tokens the highlighter emits for common languages', async () => {
    const fences = [
      ['js', 'const a = "x"; // note\nfunction f(n) { return n * 2; }'],
      ['css', '.a { color: red; }'],
      ['html', '<p class="a">x</p>'],
    ].map(([language, code]) => `\`\`\`${language}\n${code}\n\`\`\``);
    const { html } = await markdownToHtml(fences.join('\n\n'), { hastPlugins: [codeHighlight()] as never });
    const types = new Set([...html.matchAll(/class="token ([\w-]+)/g)].map(([, type]) => type!));
    const coloured = rules
      .filter((rule) => rule.color !== undefined)
      .map((rule) => rule.selector)
      .join(' ');
    const uncoloured = [...types].filter((type) => !new RegExp(`\\.${type}\\b`).test(coloured));
    expect(types.size).toBeGreaterThan(5);
    expect(uncoloured).toEqual([]);
  });
});
