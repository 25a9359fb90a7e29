/**
 * What the contact form island is given: its own props, and the parts its pieces (the fields, the
 * sent panel) pick from them. Apart from ContactForm.tsx, so the pieces never import the form
 * that imports them.
 */
import type { CollectionEntry } from 'astro:content';
import type { budgetRanges, enquiryLimits, projectTypes } from '@/lib/shared/enquiry';

type ContactCopy = CollectionEntry<'contact'>['data'];

export interface ContactFormProps {
  /** The copy the form shows, from src/content/pages/contact.yaml. */
  copy: Pick<ContactCopy, 'form' | 'sent' | 'toasts'>;
  /** Where the enquiry is posted (the function's path). */
  action: string;
  /** The agency's address, filled into the error message. */
  email: string;
  bookingUrl: string;
  /** Read aloud after a link that opens a new tab. */
  newTabHint: string;
  projectTypes: typeof projectTypes;
  budgetRanges: typeof budgetRanges;
  limits: typeof enquiryLimits;
}
