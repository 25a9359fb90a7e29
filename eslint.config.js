// @ts-check
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';
import astro from 'eslint-plugin-astro';

const zodRule = "Import { z } from 'zod': one zod everywhere, the functions' plain Node included.";

export default defineConfig(
  {
    ignores: [
      'dist/',
      'dist-*/',
      // npm start's next build while it is made, and its previous one while it is deleted.
      'dist.next/',
      'dist.previous/',
      '.astro/',
      'node_modules/',
      'test-results/',
      'test-results-*/',
      'playwright-report/',
      'bench-results/',
    ],
  },
  tseslint.configs.recommended,
  astro.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // One zod, imported one way: the `zod` package itself. The functions run under plain Node
      // without Astro, and `astro/zod` only re-exports this same package (a test holds that).
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'astro/zod', message: zodRule },
            { name: 'astro:content', importNames: ['z'], message: zodRule },
          ],
          patterns: [{ group: ['zod/*'], message: zodRule }],
        },
      ],
    },
  },
  {
    // Node runs these files (and everything they import) by stripping types, with no bundler to
    // resolve an extensionless path or the @/ alias: see CONTRIBUTING.md, "The import rule".
    files: [
      'server/**',
      'enquiries/**',
      'functions/**',
      'scripts/**',
      'tools/**',
      'src/lib/**',
      'src/integrations/**',
      'src/*.ts',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[
          'ImportDeclaration',
          'ExportNamedDeclaration',
          'ExportAllDeclaration',
          'ImportExpression',
        ].flatMap((node) => [
          {
            selector: `${node}[source.value=/^\\.\\.?\\/(?!.*\\.(m?ts|json)$)/]`,
            message:
              'Import relative modules with their .ts extension: Node strips types but resolves no paths.',
          },
          {
            selector: `${node}[source.value=/^@\\//]`,
            message: 'Use a relative path here: Node does not know the @/ alias.',
          },
        ]),
      ],
    },
  },
);
