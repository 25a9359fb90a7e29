/**
 * The email the agency receives for one enquiry: subject, plain text and HTML, every value
 * HTML-escaped; sender and recipient fixed by configuration, the visitor only Reply-To; and a
 * Message-ID derived from the enquiry id, so a re-send after an ambiguous timeout is recognisably
 * the same message. Pure: sending is send.ts.
 */
import { budgetRangeLabel, projectTypeLabel, type Enquiry } from '../src/lib/shared/enquiry.ts';
import { escapeHtml } from '../src/lib/shared/html-escape.ts';
import type { SendableRoute } from './mail-settings.ts';
import type { EnquiryRecord } from './record.ts';

export interface EnquiryEmail {
  from: string;
  to: string;
  replyTo: { name: string; address: string };
  subject: string;
  text: string;
  html: string;
}

/**
 * One line of text for a header (and the summary rows): line breaks and other control characters
 * become single spaces, and bidirectional formatting characters (U+202E and its kin, which can
 * make a Subject read backwards) are removed.
 */
function singleLine(value: string): string {
  return value
    .replace(/[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '')
    .replace(/[\p{Cc}\u2028\u2029]+/gu, ' ')
    .replace(/ {2,}/g, ' ')
    .trim();
}

/** The email for one enquiry, before its Message-ID (`enquiryEmail` adds it). */
function composeEnquiryEmail(
  enquiry: Enquiry,
  { from, to, brand }: { from: string; to: string; brand: string },
): EnquiryEmail {
  const name = singleLine(enquiry.name);
  const projectType = projectTypeLabel(enquiry.projectType);
  const rows: [string, string][] = [
    ['Name', name],
    ['Email', enquiry.email],
    ['Company', singleLine(enquiry.company) || 'Not given'],
    ['Project type', projectType ?? 'Not specified'],
    ['Budget', budgetRangeLabel(enquiry.budgetRange) ?? 'Not specified'],
  ];
  const message = enquiry.message.replace(/\r\n?/g, '\n');

  const text = [
    `New enquiry from the ${brand} website contact form.`,
    '',
    ...rows.map(([label, value]) => `${label}: ${value}`),
    '',
    'Message:',
    message,
    '',
  ].join('\n');

  const cell = 'padding:4px 12px 4px 0;vertical-align:top;text-align:left';
  const html = [
    '<!doctype html>',
    '<html lang="en-GB"><head><meta charset="utf-8"><title>New enquiry</title></head>',
    '<body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#0f172a">',
    `<p>New enquiry from the ${escapeHtml(brand)} website contact form.</p>`,
    '<table role="presentation" style="border-collapse:collapse">',
    ...rows.map(
      ([label, value]) =>
        `<tr><th style="${cell}">${escapeHtml(label)}</th><td style="${cell}">${escapeHtml(value)}</td></tr>`,
    ),
    '</table>',
    '<h2 style="font-size:16px;margin:24px 0 8px">Message</h2>',
    `<p style="white-space:pre-wrap;margin:0">${escapeHtml(message)}</p>`,
    '</body></html>',
    '',
  ].join('\n');

  return {
    from,
    to,
    replyTo: { name, address: enquiry.email },
    subject: singleLine(`New enquiry: ${projectType ?? 'General'} — ${name}`),
    text,
    html,
  };
}

export interface OutgoingEmail extends EnquiryEmail {
  messageId: string;
}

const possibleSpamPrefix = '[Possible spam]';

/** The email for `record` exactly as every attempt sends it (`npm run enquiries -- --show` prints it). */
export function enquiryEmail(
  record: EnquiryRecord,
  route: Pick<SendableRoute, 'from' | 'to'>,
  brand: string,
): OutgoingEmail {
  const email = composeEnquiryEmail(record.enquiry, { from: route.from, to: route.to, brand });
  const domain = /@([A-Za-z0-9.-]+)/.exec(route.from)?.[1] ?? 'localhost';
  return {
    ...email,
    subject: record.possibleSpam ? `${possibleSpamPrefix} ${email.subject}` : email.subject,
    messageId: `<enquiry-${record.id}@${domain}>`,
  };
}
