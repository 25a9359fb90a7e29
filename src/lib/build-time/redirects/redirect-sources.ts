/**
 * Every redirect editors wrote, read straight from the files with the line each is on: the
 * `redirects` list of src/content/redirects.yaml and the `redirectFrom` of each post and case study.
 * Read once, by astro.config.mjs: the build's checks, `dist/_redirects` (which `npm start` serves
 * too) and the content checks' "old address" links all come from this one reading.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { slug } from 'github-slugger';
import { LineCounter, parseDocument, type Document } from 'yaml';
import type { z } from 'zod';
import { redirectFrom, redirectsFileSchema } from '../../../schemas/redirects.ts';
import { articlePath, type ArticleKind } from '../articles/articles.ts';

/** The file editors list old addresses in (CONTENT.md, "Keeping an old address working"). */
export const redirectsFile = 'src/content/redirects.yaml';

/** The folders whose entries may name their old addresses (`redirectFrom`). */
const entryFolders: Readonly<Record<ArticleKind, string>> = {
  blog: 'src/content/blog',
  'case-studies': 'src/content/case-studies',
};

export interface RedirectRule {
  from: string;
  to: string;
  /** Where it is written: the file, and the line of its `from` (counting from 1). */
  file: string;
  line: number;
  /** True for an entry's `redirectFrom`: it leads to that entry's page, live only once published. */
  entry: boolean;
}

export interface RedirectProblem {
  file: string;
  line: number;
  message: string;
}

interface Sources {
  rules: RedirectRule[];
  problems: RedirectProblem[];
}

/** A YAML text read with its lines; `firstLine` is the file's line the text starts on. */
function readYaml(text: string, firstLine: number) {
  const lineCounter = new LineCounter();
  const document = parseDocument(text, { lineCounter, prettyErrors: false });
  const lineOf = (path: readonly PropertyKey[]): number => {
    for (let depth = path.length; depth >= 0; depth -= 1) {
      const node = document.getIn(path.slice(0, depth) as unknown[], true) as
        { range?: number[] } | undefined;
      const start = node?.range?.[0];
      if (start !== undefined) return lineCounter.linePos(start).line + firstLine - 1;
    }
    return firstLine;
  };
  return { document, lineOf, lineCounter };
}

/** The schema's complaints, one per field (the first), at the line of the field (or of its nearest parent). */
function schemaProblems(
  error: z.ZodError,
  file: string,
  lineOf: (path: readonly PropertyKey[]) => number,
  /** Where the checked value sits in the file, e.g. ['redirectFrom']. */
  at: readonly PropertyKey[] = [],
): RedirectProblem[] {
  // A value breaking several rules gets the first one only: fixing it usually fixes the rest.
  const seen = new Set<string>();
  return error.issues.flatMap((issue) => {
    const path = [...at, ...issue.path];
    const field = path.join('.') || 'the file';
    if (seen.has(field)) return [];
    seen.add(field);
    return [{ file, line: lineOf(path), message: `${field} ${issue.message}` }];
  });
}

function yamlError(document: Document, file: string, firstLine: number, lineCounter: LineCounter) {
  const [error] = document.errors;
  const line = error ? lineCounter.linePos(error.pos[0]).line + firstLine - 1 : firstLine;
  return { file, line, message: `YAML cannot read this line: ${error?.message.split('\n')[0] ?? ''}` };
}

function readRedirectsFile(root: string): Sources {
  const path = join(root, redirectsFile);
  if (!existsSync(path)) return { rules: [], problems: [] };
  const { document, lineOf, lineCounter } = readYaml(readFileSync(path, 'utf8'), 1);
  if (document.errors.length > 0) {
    return { rules: [], problems: [yamlError(document, redirectsFile, 1, lineCounter)] };
  }
  const parsed = redirectsFileSchema.safeParse(document.toJS() ?? {});
  if (!parsed.success) return { rules: [], problems: schemaProblems(parsed.error, redirectsFile, lineOf) };
  const rules = parsed.data.redirects.map(({ from, to }, index) => ({
    from,
    to,
    file: redirectsFile,
    line: lineOf(['redirects', index, 'from']),
    entry: false,
  }));
  return { rules, problems: [] };
}

const frontMatter = /^---\r?\n([\s\S]*?)\r?\n---(?:\r?\n|$)/;

function readEntry(root: string, kind: ArticleKind, name: string): Sources {
  const file = `${entryFolders[kind]}/${name}`;
  const match = frontMatter.exec(readFileSync(join(root, file), 'utf8'));
  // Front matter starts on line 2, after its `---`; a file without it is the schemas' business.
  const { document, lineOf } = readYaml(match?.[1] ?? '', 2);
  if (!match || document.errors.length > 0) return { rules: [], problems: [] };
  const parsed = redirectFrom.safeParse(
    (document.toJS() as Record<string, unknown> | null)?.['redirectFrom'],
  );
  if (!parsed.success) {
    return { rules: [], problems: schemaProblems(parsed.error, file, lineOf, ['redirectFrom']) };
  }
  const to = articlePath(kind, slug(name.slice(0, -'.md'.length)));
  const rules = parsed.data.map((from, index) => ({
    from,
    to,
    file,
    line: lineOf(['redirectFrom', index]),
    entry: true,
  }));
  return { rules, problems: [] };
}

/** Every redirect of the project in `root`, and what is wrong with how any is written. */
export function readRedirectSources(root: string): Sources {
  const entries = (Object.keys(entryFolders) as ArticleKind[]).flatMap((kind) => {
    const folder = join(root, entryFolders[kind]);
    if (!existsSync(folder)) return [];
    return readdirSync(folder)
      .filter((name) => name.endsWith('.md'))
      .sort()
      .map((name) => readEntry(root, kind, name));
  });
  const all = [readRedirectsFile(root), ...entries];
  return { rules: all.flatMap((s) => s.rules), problems: all.flatMap((s) => s.problems) };
}
