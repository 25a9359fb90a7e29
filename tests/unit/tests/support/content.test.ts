/**
 * The tests' reading of the content holds on any project, not only on the repository as it is:
 * here on a copy of its content whose editor deleted every post and case study, so that, as in a
 * fresh clone (git keeps no empty folder), src/content/blog and src/content/case-studies are gone.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { content, contentOf } from '#support/content.ts';

const root = mkdtempSync(join(tmpdir(), 'content-'));
cpSync(resolve(import.meta.dirname, '../../../../src/content'), join(root, 'src/content'), {
  recursive: true,
});
for (const folder of ['blog', 'case-studies'])
  rmSync(join(root, 'src/content', folder), { recursive: true, force: true });
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('the content as the tests read it', () => {
  it('has no posts and no case studies when their folders are gone, and everything else', () => {
    const copy = contentOf(root);
    expect(copy.posts).toEqual([]);
    expect(copy.caseStudies).toEqual([]);
    expect(copy.routes).toEqual(content.routes);
    expect(copy.founders).toEqual(content.founders);
  });
});
