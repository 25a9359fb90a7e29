/**
 * Every page is painted once, whole (src/layouts/BaseLayout.astro): its head holds back the first
 * paint until the parser has read the footer, and only scripts follow the footer, so no content
 * arrives after the first paint to be styled and laid out again on a slow phone's main thread.
 */
import { expect, test } from '@playwright/test';
import { htmlElements } from '../../../src/lib/build-time/html-elements.ts';
import { sweepPages } from '../../support/pages.ts';

for (const { path, status } of sweepPages) {
  test(`${path} waits for its footer before its first paint`, async ({ request }) => {
    const response = await request.get(path);
    expect(response.status()).toBe(status);
    const elements = htmlElements(await response.text());
    const head = elements.find(({ name }) => name === 'head')!;
    const waits = head.elements.filter(
      ({ name, attributes }) =>
        name === 'link' && attributes['rel'] === 'expect' && attributes['blocking'] === 'render',
    );
    expect(waits).toHaveLength(1);
    const id = waits[0]!.attributes['href']!.replace(/^#/, '');
    const target = elements.filter(({ attributes }) => attributes['id'] === id);
    expect(target.map(({ name }) => name)).toEqual(['footer']);

    const body = elements.find(({ name }) => name === 'body')!.elements;
    const footer = body.indexOf(body.find(({ attributes }) => attributes['id'] === id)!);
    // In document order, so the footer's own elements come right after it.
    const after = body.slice(footer + 1 + body[footer]!.elements.length);
    expect(after.map(({ name }) => name).filter((name) => name !== 'script')).toEqual([]);
  });
}
