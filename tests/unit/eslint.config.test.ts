/**
 * The import rules as the linter enforces them: relative paths for code Node runs by stripping
 * types (CONTRIBUTING.md, "The import rule"), and zod imported one way everywhere.
 */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

const eslint = new ESLint();
const problems = async (filePath: string, code: string, ruleId = 'no-restricted-syntax') => {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((message) => message.ruleId === ruleId);
};

describe('modules Node runs by stripping types', () => {
  it.each([
    'server/probe.ts',
    'enquiries/probe.ts',
    'functions/probe.mts',
    'scripts/probe.ts',
    'tools/probe.ts',
    'src/lib/probe.ts',
  ])('%s must import relative files with .ts and never through @/', async (file) => {
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
  });

  it('leaves pages and islands to the bundler, which resolves @/', async () => {
    expect(
      await problems('src/islands/Probe.tsx', "import { b } from '@/lib/b';\nexport const x = b;\n"),
    ).toEqual([]);
  });
});

describe('zod, imported one way', () => {
  const wrongWays = [
    "import { z } from 'astro/zod';",
    "import type { z } from 'astro/zod';",
    "import { z } from 'astro:content';",
    "import { z } from 'zod/v4';",
    "import * as zod from 'zod/mini';",
    "export { z } from 'astro/zod';",
  ];

  it.each([
    'src/content.config.ts',
    'src/schemas/probe.ts',
    'src/lib/shared/probe.ts',
    'enquiries/probe.ts',
    'scripts/probe.ts',
    'src/islands/Probe.tsx',
    'tests/unit/probe.test.ts',
  ])('%s imports zod from the zod package only', async (file) => {
    const code = `${wrongWays.join('\n')}\nexport const x = 1;\n`;
    const found = await problems(file, code, 'no-restricted-imports');
    expect(found.map((problem) => problem.line)).toEqual(wrongWays.map((_, index) => index + 1));
    const right =
      "import { z } from 'zod';\nimport { defineCollection } from 'astro:content';\nexport const x = [z, defineCollection];\n";
    expect(await problems(file, right, 'no-restricted-imports')).toEqual([]);
  });

  it('is the very zod Astro re-exports, so content schemas and Astro share one instance', async () => {
    const astroZod = await import('astro/zod');
    expect(astroZod.z.ZodType).toBe(z.ZodType);
    expect(astroZod.z.object).toBe(z.object);
  });
});
