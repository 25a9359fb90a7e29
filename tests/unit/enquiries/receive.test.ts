/** Reading an enquiry request: its format, its origin and its fields. */
import { describe, expect, it } from 'vitest';
import { enquiryFormat, isCrossSite, parseFields } from '#enquiries/receive.ts';

const request = (headers: Record<string, string> = {}, url = 'https://www.agency.example/api/x') =>
  new Request(url, { method: 'POST', headers });

describe('request reading', () => {
  it('recognises the two formats whatever the parameters and case', () => {
    expect(enquiryFormat(request({ 'content-type': 'Application/JSON; charset=utf-8' }))).toBe('json');
    expect(
      enquiryFormat(request({ 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8' })),
    ).toBe('form');
    expect(enquiryFormat(request({ 'content-type': 'application/jsonx' }))).toBeUndefined();
    expect(enquiryFormat(request({ 'content-type': 'text/json' }))).toBeUndefined();
  });

  it('treats another Origin or Sec-Fetch-Site: cross-site as cross-site', () => {
    const allowed = ['https://www.agency.example'];
    expect(isCrossSite(request(), allowed)).toBe(false);
    expect(isCrossSite(request({ origin: 'https://www.agency.example' }), allowed)).toBe(false);
    expect(
      isCrossSite(
        request({ origin: 'http://localhost:4321', host: 'localhost:4321' }, 'http://localhost:4321/api/x'),
        allowed,
      ),
    ).toBe(false);
    // The request target never makes a foreign origin our own: only Host does.
    expect(
      isCrossSite(
        request({ origin: 'http://evil.example', host: 'localhost:4321' }, 'http://evil.example/api/x'),
        allowed,
      ),
    ).toBe(true);
    expect(
      isCrossSite(request({ origin: 'http://localhost:4321' }, 'http://localhost:4321/api/x'), allowed),
    ).toBe(true);
    expect(isCrossSite(request({ origin: 'https://agency.example' }), allowed)).toBe(true);
    expect(isCrossSite(request({ origin: 'https://www.agency.example.attacker.example' }), allowed)).toBe(
      true,
    );
    expect(isCrossSite(request({ 'sec-fetch-site': 'cross-site' }), allowed)).toBe(true);
    expect(isCrossSite(request({ 'sec-fetch-site': 'none' }), allowed)).toBe(false);
  });

  it('keeps the first value of a repeated form field and reads only JSON objects', () => {
    expect(parseFields('name=A&name=B&__proto__=x', 'form')).toEqual({ name: 'A', ['__proto__']: 'x' });
    expect(Object.getPrototypeOf(parseFields('__proto__=x', 'form'))).toBe(Object.prototype);
    expect(parseFields('{"a":1}', 'json')).toEqual({ a: 1 });
    expect(parseFields('[]', 'json')).toBeUndefined();
    expect(parseFields('', 'json')).toBeUndefined();
  });
});
