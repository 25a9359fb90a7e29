/**
 * The contact enquiry: one schema shared by the form (its `maxlength`s and options) and the
 * send-contact-email function (its validation). Kept free of Astro imports so the function can
 * bundle it on its own.
 */
import { z } from 'zod';

export const projectTypes = [
  { value: 'shopify', label: 'Shopify Build' },
  { value: 'content', label: 'Content Strategy' },
  { value: 'blog', label: 'Blog Writing' },
  { value: 'admin-appointment', label: 'Admin & Appointment Setting' },
  { value: 'other', label: 'Other' },
] as const;

export const budgetRanges = [
  { value: 'under-1k', label: 'Under £1,000' },
  { value: '1k-5k', label: '£1,000 - £5,000' },
  { value: '5k-10k', label: '£5,000 - £10,000' },
  { value: '10k-plus', label: '£10,000+' },
  { value: 'not-sure', label: 'Not sure yet' },
] as const;

/** Upper bounds on each field, in characters; the form renders them as `maxlength`. */
export const enquiryLimits = {
  name: 100,
  email: 254,
  company: 100,
  message: 5000,
} as const;

const values = <T extends readonly { value: string }[]>(list: T) =>
  list.map((item) => item.value) as [T[number]['value'], ...T[number]['value'][]];

const requiredText = (label: string, max: number) =>
  z
    .string({ error: `Please enter your ${label}.` })
    // A browser counts a line break as one character against `maxlength`, then posts it as CRLF.
    .overwrite((text) => text.replace(/\r\n?/g, '\n'))
    .trim()
    .min(1, `Please enter your ${label}.`)
    .max(max, `Please keep your ${label} under ${max} characters.`);

const optionalChoice = <T extends [string, ...string[]]>(options: T, label: string) =>
  z
    .union([z.literal(''), z.enum(options)], { error: `Please choose a ${label} from the list.` })
    .optional()
    .default('');

export const enquirySchema = z.object({
  name: requiredText('name', enquiryLimits.name),
  email: z
    .string({ error: 'Please enter your email address.' })
    // Checked before trimming: a line break anywhere in an address is an injection attempt.
    .regex(/^[^\r\n]*$/, 'Please enter a valid email address, like name@company.co.uk.')
    .trim()
    .min(1, 'Please enter your email address.')
    .max(enquiryLimits.email, 'That email address is too long.')
    // zod's email pattern rejects quoted local parts and anything with spaces or line breaks.
    .pipe(z.email('Please enter a valid email address, like name@company.co.uk.')),
  company: z
    .string()
    .trim()
    .max(enquiryLimits.company, `Please keep your company name under ${enquiryLimits.company} characters.`)
    .optional()
    .default(''),
  projectType: optionalChoice(values(projectTypes), 'project type'),
  budgetRange: optionalChoice(values(budgetRanges), 'budget range'),
  message: requiredText('message', enquiryLimits.message),
});

export type Enquiry = z.infer<typeof enquirySchema>;
export type EnquiryField = keyof Enquiry;

export function projectTypeLabel(value: string): string | undefined {
  return projectTypes.find((item) => item.value === value)?.label;
}

export function budgetRangeLabel(value: string): string | undefined {
  return budgetRanges.find((item) => item.value === value)?.label;
}
