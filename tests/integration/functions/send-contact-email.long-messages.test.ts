/**
 * Every enquiry the form allows is read, in any script and with or without JavaScript: the body
 * limits come from the form's field limits at their worst encoding. One character more is a field
 * error (422), never "too large"; only a body past any the form can send is 413.
 */
import { describe, expect, it } from 'vitest';
import { maxBodyBytes } from '#enquiries/body-limit.ts';
import { enquiryLimits } from '#src/lib/shared/enquiry.ts';
import { escapedJson, formBody, longestEnquiry } from '#support/long-enquiries.ts';
import { logs, postForm, postJson, smtp, useContactFunction } from '#support/contact-function.ts';

useContactFunction();

const bytes = (text: string) => new TextEncoder().encode(text).byteLength;

describe('the longest enquiries the form allows', () => {
  it.each(['chinese', 'emoji'] as const)(
    'in %s, sent as a no-JS form post, are accepted and mailed intact',
    async (script) => {
      const enquiry = longestEnquiry(script);
      expect(enquiry.message).toHaveLength(enquiryLimits.message);
      const response = await postForm(enquiry);
      expect([response.status, response.headers.get('location')]).toEqual([303, '/contact/sent']);
      expect(smtp.received).toHaveLength(1);
      const text = smtp.received[0]?.mail.text;
      for (const value of [enquiry.name, enquiry.company, enquiry.message]) expect(text).toContain(value);
    },
  );

  it.each(['chinese', 'emoji'] as const)(
    'in %s, sent as JSON with every character escaped, are accepted',
    async (script) => {
      const body = escapedJson({ ...longestEnquiry(script), submissionId: crypto.randomUUID() });
      expect(bytes(body)).toBeLessThanOrEqual(maxBodyBytes.json);
      expect((await postJson(body)).status).toBe(200);
      expect(smtp.received[0]?.mail.text).toContain(longestEnquiry(script).message);
    },
  );

  it('with line breaks, posted as CRLF by the browser, each break counts once, as `maxlength` counts it', async () => {
    const enquiry = longestEnquiry('chinese');
    const message = enquiry.message.replace(/(.{99})./g, '$1\n');
    expect(message).toHaveLength(enquiryLimits.message);
    const response = await postForm({ ...enquiry, message: message.replaceAll('\n', '\r\n') });
    expect(response.headers.get('location')).toBe('/contact/sent');
    const text = smtp.received[0]?.mail.text;
    for (const line of message.split('\n')) expect(text).toContain(line);
  });

  it('one character over the message limit is a field error, not "too large"', async () => {
    const over = longestEnquiry('chinese', { message: 1 });
    const form = await postForm(over);
    expect([form.status, form.headers.get('location')]).toEqual([303, '/contact/error']);
    expect(logs.join('\n')).toMatch(/outcome=invalid fields=message/);
    expect(logs.join('\n')).not.toMatch(/status=413/);

    const json = await postJson(escapedJson(over));
    expect(json.status).toBe(422);
    const answer = (await json.json()) as { fields: Record<string, string> };
    expect(Object.keys(answer.fields)).toEqual(['message']);
    expect(smtp.received).toHaveLength(0);
  });

  it('a body past the largest the form can send is refused as too large', async () => {
    const enquiry = longestEnquiry('chinese');
    const json = JSON.stringify({ ...enquiry, padding: 'x'.repeat(maxBodyBytes.json) });
    expect((await postJson(json)).status).toBe(413);
    const padded = { ...enquiry, padding: 'x'.repeat(maxBodyBytes.form) };
    expect(bytes(formBody(padded))).toBeGreaterThan(maxBodyBytes.form);
    expect((await postForm(padded)).headers.get('location')).toBe('/contact/error');
    expect(logs.join('\n')).toMatch(/outcome=refused status=413[\s\S]*outcome=refused status=413/);
    expect(smtp.received).toHaveLength(0);
  });
});
