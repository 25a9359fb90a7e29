import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { serviceLinks } from 'virtual:service-links';
import { readServiceLinks, serviceFiles } from '@/lib/build-time/content/service-files';
import { content } from '#support/content.ts';

const project = resolve(import.meta.dirname, '../../../../../..');
const roots: string[] = [];

/** A project folder holding only the given service files. */
function projectWith(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'service-files-'));
  roots.push(root);
  const folder = join(root, serviceFiles.base);
  mkdirSync(folder, { recursive: true });
  for (const [name, text] of Object.entries(files)) writeFileSync(join(folder, name), text);
  return root;
}

const service = (order: number, title: string) =>
  `# A service\norder: ${order}\ncard:\n  title: "${title}"\n`;

afterAll(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

describe('the services’ menu links, read from their files', () => {
  it('lists each file’s page and card title by order, then by id', () => {
    const root = projectWith({
      'zebra.yaml': service(1, 'Zebra crossings'),
      'b-two.yaml': service(2, '  Second B '),
      'a-two.yaml': service(2, 'Second A'),
      'notes.md': 'Not a service.',
    });
    expect(readServiceLinks(root)).toEqual([
      { href: '/services/zebra', label: 'Zebra crossings' },
      { href: '/services/a-two', label: 'Second A' },
      { href: '/services/b-two', label: 'Second B' },
    ]);
  });

  it('names a page as Astro names the entry: the file name, lower case', () => {
    expect(readServiceLinks(projectWith({ 'Gift-Cards.yaml': service(1, 'Gift cards') }))).toEqual([
      { href: '/services/gift-cards', label: 'Gift cards' },
    ]);
  });

  it('names the file that has no order or no card title', () => {
    expect(() => readServiceLinks(projectWith({ 'broken.yaml': 'card:\n  title: Broken\n' }))).toThrow(
      /src\/content\/services\/broken\.yaml/,
    );
    expect(() => readServiceLinks(projectWith({ 'untitled.yaml': 'order: 1\n' }))).toThrow(/untitled\.yaml/);
  });

  it('gives the site its services’ card titles, and the build’s module the same links', () => {
    expect(readServiceLinks(project)).toEqual(content.serviceLinks.map(([label, href]) => ({ href, label })));
    expect(serviceLinks).toEqual(readServiceLinks(project));
  });
});
