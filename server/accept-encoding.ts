/** Reading a request's Accept-Encoding (RFC 9110, 12.5.3). */

/**
 * Whether the browser takes `encoding`: named, or else covered by `*`, with a weight above zero
 * (`br;q=0` refuses it).
 */
export function acceptsEncoding(header: string, encoding: string): boolean {
  const weights = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [coding = '', ...params] = part.split(';').map((piece) => piece.trim());
    const weight = params.find((param) => param.startsWith('q='));
    weights.set(coding, weight === undefined ? 1 : Number(weight.slice(2)));
  }
  return (weights.get(encoding) ?? weights.get('*') ?? 0) > 0;
}
