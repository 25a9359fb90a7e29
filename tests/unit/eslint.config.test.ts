/** The import rule for code Node runs by stripping types (CONTRIBUTING.md), as the linter enforces it. */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint();
const problems = async (filePath: string, code: string) => {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((message) => message.ruleId === 'no-restricted-syntax');
};

describe('modules Node runs by stripping types', () => {
  it.each(['server/probe.ts', 'functions/lib/probe.ts', 'scripts/probe.ts', 'src/lib/probe.ts'])(
    '%s must import relative files with .ts and never through @/',
    async (file) => {
      const found = await problems(
        file,
        "import { a } from './a';\nimport { b } from '@/lib/b';\nexport { c } from '../c';\nexport const x = [a, b];\n",
      );
      expect(found.map((problem) => problem.line)).toEqual([1, 2, 3]);
      expect(
        await problems(
          file,
          "import { a } from './a.ts';\nimport type { B } from './b.ts';\nexport const x: B = a;\n",
        ),
      ).toEqual([]);
    },
  );

  it('leaves pages and islands to the bundler, which resolves @/', async () => {
    expect(
      await problems('src/islands/Probe.tsx', "import { b } from '@/lib/b';\nexport const x = b;\n"),
    ).toEqual([]);
  });
});
