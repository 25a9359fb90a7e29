/**
 * An ICO file from PNG images. Browsers, feed readers and bookmark tools still ask for
 * `/favicon.ico` whatever the page's <link rel="icon"> says; every browser in use reads PNG
 * images inside an ICO (Windows Vista onwards), so the file is a small directory in front of them.
 */
interface IcoImage {
  /** Width and height in pixels (square), 1 to 256. */
  size: number;
  png: Uint8Array;
}

const headerBytes = 6;
const entryBytes = 16;
const pngSignature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

export function encodeIco(images: readonly IcoImage[]): Buffer {
  if (images.length === 0) throw new Error('An ICO needs at least one image');
  const header = Buffer.alloc(headerBytes + entryBytes * images.length);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // 1 = icon (2 would be a cursor)
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  images.forEach(({ size, png }, index) => {
    if (!Number.isInteger(size) || size < 1 || size > 256) {
      throw new Error(`An ICO image is 1 to 256 pixels square, not ${size}`);
    }
    if (!pngSignature.every((byte, i) => png[i] === byte)) {
      throw new Error(`The ${size}-pixel ICO image is not a PNG`);
    }
    const entry = headerBytes + entryBytes * index;
    // One byte per side, where 0 means 256.
    header.writeUInt8(size % 256, entry);
    header.writeUInt8(size % 256, entry + 1);
    header.writeUInt8(0, entry + 2); // no palette
    header.writeUInt8(0, entry + 3); // reserved
    header.writeUInt16LE(1, entry + 4); // colour planes
    header.writeUInt16LE(32, entry + 6); // bits per pixel
    header.writeUInt32LE(png.length, entry + 8);
    header.writeUInt32LE(offset, entry + 12);
    offset += png.length;
  });
  return Buffer.concat([header, ...images.map(({ png }) => Buffer.from(png))]);
}
