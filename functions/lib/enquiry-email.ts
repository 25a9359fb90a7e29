/**
 * The email the agency receives for one enquiry: subject, plain text and HTML (every value
 * HTML-escaped). Sender and recipient are fixed by configuration; the visitor is only Reply-To.
 */
import { budgetRangeLabel, projectTypeLabel } from '../../src/lib/shared/enquiry.ts';
import type { Enquiry } from '../../src/lib/shared/enquiry.ts';
import { escapeHtml } from '../../src/lib/shared/html-escape.ts';

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
export function singleLine(value: string): string {
  return value
    .replace(/[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '')
    .replace(/[\p{Cc}\u2028\u2029]+/gu, ' ')
    .replace(/ {2,}/g, ' ')
    .trim();
}

export function composeEnquiryEmail(
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
