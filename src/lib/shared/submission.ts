/**
 * The id the form's script gives each showing of the form, which with the enquiry's content makes
 * a double click, a back-and-resend or a network retry the same enquiry (a different enquiry under
 * the same id, from a tab that copied another's draft, is one of its own: enquiries/record.ts).
 * Without it the function derives the id from the content and the day. A module of its own: the form imports it, and must not pull zod (enquiry.ts)
 * into the browser.
 */
export const submissionIdField = 'submissionId';
