/** The directory of an ICO file, read back as a browser reads it. */
export function readIco(ico: Buffer) {
  const count = ico.readUInt16LE(4);
  return {
    reserved: ico.readUInt16LE(0),
    type: ico.readUInt16LE(2),
    entries: Array.from({ length: count }, (_, i) => {
      const at = 6 + 16 * i;
      const bytes = ico.readUInt32LE(at + 8);
      const offset = ico.readUInt32LE(at + 12);
      return {
        width: ico.readUInt8(at) || 256,
        height: ico.readUInt8(at + 1) || 256,
        planes: ico.readUInt16LE(at + 4),
        bitsPerPixel: ico.readUInt16LE(at + 6),
        data: ico.subarray(offset, offset + bytes),
      };
    }),
  };
}
