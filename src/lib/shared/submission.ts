/**
 * The id the form's script gives each showing of the form, which makes a double click, a
 * back-and-resend or a network retry the same enquiry. Without it the function derives the id
 * from the content. A module of its own: the form imports it, and must not pull zod (enquiry.ts)
 * into the browser.
 */
export const submissionIdField = 'submissionId';
