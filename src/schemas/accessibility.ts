/**
 * The accessibility statement (src/content/accessibility/statement.md, the page /accessibility),
 * in the shape of the GOV.UK model statement. The facts a reader or an auditor looks for first
 * are fields, so each is written once and the Markdown below the front matter names them with
 * placeholders; the prose around them is the editor's.
 */
import { z } from 'zod';
import { text } from './fields.ts';

const date = (description: string) =>
  z.coerce
    .date({ error: 'must be a date written YYYY-MM-DD, like 2026-11-25' })
    .describe(`${description} Written YYYY-MM-DD.`);

export const accessibilityStatementSchema = z.object({
  title: text('Page headline and title.'),
  description: text('One sentence for search results.')
    .min(50, 'write at least 50 characters')
    .max(160, 'keep it under 160 characters so search results do not cut it'),
  standard: z
    .string()
    .trim()
    .regex(/^WCAG 2\.\d AA?A?$/, 'must name the guidelines and level, like "WCAG 2.2 AA"')
    .describe('The standard the site aims to meet, like "WCAG 2.2 AA"; {standard} in the text.'),
  compliance: z
    .enum(['fully', 'partially', 'not'], { error: 'must be fully, partially or not' })
    .describe(
      'How far the site meets the standard today: fully, partially or not; {compliance} in the text.',
    ),
  replyDays: z
    .number({ error: 'must be a whole number of working days, like 5' })
    .int('must be a whole number of working days, like 5')
    .positive('must be at least 1')
    .describe('Working days within which a reported problem gets a reply; {replyDays} in the text.'),
  tested: date('The day the site was last tested, including the keyboard-only pass; {tested} in the text.'),
  prepared: date('The day this statement was first prepared; {prepared} in the text.'),
  reviewed: date('The day this statement was last reviewed; {reviewed} in the text.'),
});
