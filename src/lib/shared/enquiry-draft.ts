/**
 * The contact form's draft: what the visitor has typed, kept in the tab's `sessionStorage` as they
 * type, so a reload, a tab the phone discarded, a crash or Back brings it back. It never leaves the
 * device and lasts as long as the tab's session; the form clears it once the enquiry is received.
 * The privacy notice's storage table names the key (src/lib/build-time/legal/analytics-cookies.ts).
 *
 * Only the enquiry's own fields, the submission id (a restored draft is still the same enquiry, so
 * a resend after a lost answer is never mailed twice) and the time spent filling it in are kept:
 * never the spam trap. Plain functions over a storage getter, so they run without a browser.
 */
import type { EnquiryField } from './enquiry.ts';
import { fillTimeField } from './spam-traps.ts';
import { submissionIdField } from './submission.ts';

/** The one storage key of the draft (sessionStorage: this tab, this session). */
export const enquiryDraftKey = 'enquiry-draft';

type DraftField = EnquiryField | typeof submissionIdField | typeof fillTimeField;

export type Draft = Partial<Record<DraftField, string>>;

/** What a draft may hold. A record over the field names, so the compiler asks for every new field. */
const kept: Record<DraftField, true> = {
  name: true,
  email: true,
  company: true,
  projectType: true,
  budgetRange: true,
  message: true,
  [submissionIdField]: true,
  [fillTimeField]: true,
};

const isKept = (name: string): name is DraftField => Object.hasOwn(kept, name);

/** The draft in a form's entries (`new FormData(form)`): kept fields with text, nothing else. */
export function draftOf(entries: Iterable<[string, unknown]>): Draft {
  const draft: Draft = {};
  for (const [name, value] of entries) {
    if (isKept(name) && typeof value === 'string' && value !== '') draft[name] = value;
  }
  return draft;
}

/** Whether the visitor has typed or chosen anything: the id and the fill time alone are no draft. */
const hasContent = (draft: Draft) =>
  Object.keys(draft).some((name) => name !== submissionIdField && name !== fillTimeField);

/**
 * The page's values merged with a saved draft. A field the page already shows wins: the browser put
 * it back from the same tab's history, or the visitor typed it before the form's script arrived,
 * and either is at least as new as the draft and is what the visitor sees. The draft fills only
 * what the page left empty, so nothing on screen ever changes under the visitor's fingers.
 */
export const mergeDraft = (page: Draft, saved: Draft): Draft => ({ ...saved, ...page });

type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/**
 * The draft in storage. Storage may be refused (some private modes, a full quota, a blocked
 * site): then the form simply keeps no draft, as before; nothing here ever throws.
 */
export function draftStore(storage: () => DraftStorage) {
  const attempt = <T>(work: () => T, otherwise: T): T => {
    try {
      return work();
    } catch {
      return otherwise;
    }
  };
  return {
    read: (): Draft =>
      attempt(() => {
        const saved: unknown = JSON.parse(storage().getItem(enquiryDraftKey) ?? '{}');
        return saved && typeof saved === 'object' ? draftOf(Object.entries(saved)) : {};
      }, {}),
    /** Keeps the draft, or forgets it once it holds nothing the visitor typed. */
    save: (draft: Draft) =>
      attempt(() => {
        if (hasContent(draft)) storage().setItem(enquiryDraftKey, JSON.stringify(draft));
        else storage().removeItem(enquiryDraftKey);
      }, undefined),
    clear: () => attempt(() => storage().removeItem(enquiryDraftKey), undefined),
  };
}
