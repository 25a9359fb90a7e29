import { describe, expect, it } from 'vitest';
import { encodeIco } from '@/lib/build-time/images/ico';
import { readIco } from '#support/ico.ts';

/** A stand-in PNG: the signature, then bytes that tell the images apart. */
const png = (marker: number, length = 20) =>
  Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    Buffer.alloc(length, marker),
  ]);

describe('encodeIco', () => {
  it('writes an icon directory that points at each PNG in turn', () => {
    const images = [
      { size: 16, png: png(1, 10) },
      { size: 32, png: png(2, 30) },
      { size: 48, png: png(3, 50) },
    ];
    const ico = encodeIco(images);
    const { reserved, type, entries } = readIco(ico);
    expect({ reserved, type }).toEqual({ reserved: 0, type: 1 });
    expect(entries.map(({ width, height }) => [width, height])).toEqual([
      [16, 16],
      [32, 32],
      [48, 48],
    ]);
    expect(entries.every(({ planes, bitsPerPixel }) => planes === 1 && bitsPerPixel === 32)).toBe(true);
    entries.forEach(({ data }, i) => expect(data.equals(images[i]!.png)).toBe(true));
    expect(ico.length).toBe(6 + 16 * 3 + 18 + 38 + 58);
  });

  it('writes 256 pixels as 0, as the format asks', () => {
    const ico = encodeIco([{ size: 256, png: png(9) }]);
    expect([ico[6], ico[7]]).toEqual([0, 0]);
    expect(readIco(ico).entries[0]!.width).toBe(256);
  });

  it('refuses no images, sizes the format cannot hold, and data that is not PNG', () => {
    expect(() => encodeIco([])).toThrow('at least one image');
    expect(() => encodeIco([{ size: 257, png: png(1) }])).toThrow('1 to 256 pixels');
    expect(() => encodeIco([{ size: 0, png: png(1) }])).toThrow('1 to 256 pixels');
    expect(() => encodeIco([{ size: 32, png: Buffer.from('GIF89a') }])).toThrow('not a PNG');
  });
});
