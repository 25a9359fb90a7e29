/**
 * A Markdown (Sätteri hast) plugin that highlights fenced code with Prism's tokens as classes
 * (`token keyword`, …), coloured by src/styles/code-highlight.css. Astro's own highlighter (Shiki)
 * colours each token with a `style=` attribute, which the pages' Content-Security-Policy refuses
 * (src/lib/shared/security-headers.ts allows no inline style): every block came out in one colour
 * and each token logged a CSP error.
 *
 * A language Prism does not know, or none, stays plain escaped text. Every block is focusable
 * (`tabindex="0"`), so a keyboard can scroll a long line that does not fit.
 */
import Prism from 'prismjs';
import loadLanguages from 'prismjs/components/index.js';
import type { Element } from './hast-plugins.ts';

interface Text {
  type: 'text';
  value: string;
}

// Without this Prism's loader prints a warning for each language it does not have.
loadLanguages.silent = true;

/** The language a fence names (` ```js `), from the class the Markdown renderer gives its <code>. */
function fenceLanguage(code: Element): string | undefined {
  const classes = code.properties?.['className'];
  const found = Array.isArray(classes)
    ? classes.find((name): name is string => typeof name === 'string' && name.startsWith('language-'))
    : undefined;
  return found?.slice('language-'.length).toLowerCase();
}

function grammarFor(language: string | undefined): Prism.Grammar | undefined {
  if (!language || !/^[\w-]+$/.test(language)) return undefined;
  if (!Prism.languages[language]) loadLanguages([language]);
  const grammar = Prism.languages[language];
  return typeof grammar === 'object' ? grammar : undefined;
}

function tokenNodes(stream: Prism.TokenStream): Array<Element | Text> {
  if (typeof stream === 'string') return [{ type: 'text', value: stream }];
  if (stream instanceof Prism.Token) {
    const aliases = stream.alias === undefined ? [] : [stream.alias].flat();
    return [
      {
        type: 'element',
        tagName: 'span',
        properties: { className: ['token', stream.type, ...aliases] },
        children: tokenNodes(stream.content),
      },
    ];
  }
  return stream.flatMap(tokenNodes);
}

/** The code's tokens as class-named spans, or its plain text when the language is unknown. */
function highlightedCode(text: string, language: string | undefined): Array<Element | Text> {
  const grammar = grammarFor(language);
  return grammar ? tokenNodes(Prism.tokenize(text, grammar)) : [{ type: 'text', value: text }];
}

interface VisitContext {
  textContent(node: Element): string;
}

export function codeHighlight() {
  // A factory, as Sätteri takes its plugins: the same for every document.
  return () => ({
    name: 'code-highlight',
    element: {
      filter: ['pre'],
      visit(node: Element, ctx: VisitContext): Element | undefined {
        const code = node.children?.find(
          (child): child is Element =>
            (child as Element).type === 'element' && (child as Element).tagName === 'code',
        );
        if (!code) return undefined;
        return {
          ...node,
          properties: { ...node.properties, tabIndex: 0 },
          children: [{ ...code, children: highlightedCode(ctx.textContent(code), fenceLanguage(code)) }],
        };
      },
    },
  });
}
