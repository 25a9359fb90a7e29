import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { contentCache, contentKey } from '#src/integrations/content-cache.ts';

const dir = mkdtempSync(join(tmpdir(), 'content-cache-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the build cache', () => {
  it('keys inputs by content: the same inputs give the same key, any change another', () => {
    expect(contentKey('a', 'b')).toBe(contentKey('a', 'b'));
    expect(contentKey('a', 'b')).not.toBe(contentKey('a', 'c'));
    // Inputs are length-prefixed, so moving a character between two of them changes the key.
    expect(contentKey('ab', 'c')).not.toBe(contentKey('a', 'bc'));
    expect(contentKey(Buffer.from('x'))).toBe(contentKey('x'));
  });

  it('draws an image once, serves it from the folder on the next build, and drops what no build used', async () => {
    const drawn: string[] = [];
    const draw = (name: string) => async () => {
      drawn.push(name);
      return Buffer.from(name);
    };

    const first = contentCache(dir, '.png');
    expect(await first.get('k1', draw('one'))).toEqual(Buffer.from('one'));
    expect(await first.get('k2', draw('two'))).toEqual(Buffer.from('two'));
    await first.prune();
    expect(first.counts).toEqual({ drawn: 2, reused: 0 });

    // The next build: one page edited (k2 → k3), the other unchanged.
    const second = contentCache(dir, '.png');
    expect(await second.get('k1', draw('one again'))).toEqual(Buffer.from('one'));
    expect(await second.get('k3', draw('three'))).toEqual(Buffer.from('three'));
    await second.prune();
    expect(second.counts).toEqual({ drawn: 1, reused: 1 });
    expect(drawn).toEqual(['one', 'two', 'three']);
    expect(readdirSync(dir).sort()).toEqual(['k1.png', 'k3.png']);
  });
});
