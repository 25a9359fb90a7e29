import { describe, expect, it } from 'vitest';
import { draftOf, draftStore, enquiryDraftKey, mergeDraft } from '@/lib/shared/enquiry-draft';
import { enquirySchema } from '@/lib/shared/enquiry';
import { fillTimeField, honeypotField } from '@/lib/shared/spam-traps';
import { submissionIdField } from '@/lib/shared/submission';

/** sessionStorage as a Map, optionally refusing every call as a blocked or full storage does. */
function memoryStorage(refuse = false) {
  const items = new Map<string, string>();
  const guard = () => {
    if (refuse) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
  };
  return {
    items,
    storage: () => ({
      getItem: (key: string) => (guard(), items.get(key) ?? null),
      setItem: (key: string, value: string) => (guard(), void items.set(key, value)),
      removeItem: (key: string) => (guard(), void items.delete(key)),
    }),
  };
}

const typed = { name: 'Jo Bloggs', message: 'Line one\nLine two' };

describe('draftOf: what a form holds that a draft keeps', () => {
  it('keeps every field of the enquiry, the submission id and the fill time', () => {
    const fields = [...Object.keys(enquirySchema.shape), submissionIdField, fillTimeField];
    const draft = draftOf(fields.map((name) => [name, `${name} value`]));
    expect(Object.keys(draft).sort()).toEqual(fields.sort());
  });

  it('never keeps the spam trap, names it does not know, files or empty fields', () => {
    const draft = draftOf([
      [honeypotField, 'bot text'],
      ['password', 'secret'],
      ['message', new Blob(['file'])],
      ['company', ''],
      ['name', typed.name],
    ]);
    expect(draft).toEqual({ name: typed.name });
  });
});

describe('mergeDraft', () => {
  it('keeps what the page shows and fills only the fields it left empty from the saved draft', () => {
    const page = { message: 'Typed before the script arrived', [submissionIdField]: 'page-id' };
    const saved = { ...typed, [submissionIdField]: 'saved-id', [fillTimeField]: '42000' };
    expect(mergeDraft(page, saved)).toEqual({
      name: typed.name,
      message: page.message,
      [submissionIdField]: 'page-id',
      [fillTimeField]: '42000',
    });
  });
});

describe('draftStore', () => {
  it('saves a draft under its one key and reads it back', () => {
    const { items, storage } = memoryStorage();
    const store = draftStore(storage);
    store.save(typed);
    expect([...items.keys()]).toEqual([enquiryDraftKey]);
    expect(store.read()).toEqual(typed);
  });

  it('keeps any one field typed, and forgets the draft once it holds nothing typed, and on clear', () => {
    const { items, storage } = memoryStorage();
    const store = draftStore(storage);
    store.save({ budgetRange: 'not-sure' });
    expect(store.read()).toEqual({ budgetRange: 'not-sure' });
    // The submission id and the fill time alone are no draft.
    store.save({ [submissionIdField]: 'same-id', [fillTimeField]: '1200' });
    expect(items.size).toBe(0);
    store.save(typed);
    store.clear();
    expect(items.size).toBe(0);
  });

  it('reads an unreadable or foreign value as no draft, and keeps only known text fields of an old one', () => {
    const { items, storage } = memoryStorage();
    const store = draftStore(storage);
    for (const stored of ['{not json', 'null', '"text"', '42', '[1,2]']) {
      items.set(enquiryDraftKey, stored);
      expect(store.read(), stored).toEqual({});
    }
    items.set(enquiryDraftKey, JSON.stringify({ ...typed, [honeypotField]: 'x', company: 7 }));
    expect(store.read()).toEqual(typed);
  });

  it('never throws where storage is refused: the form simply keeps no draft', () => {
    const store = draftStore(memoryStorage(true).storage);
    expect(() => store.save(typed)).not.toThrow();
    expect(store.read()).toEqual({});
    expect(() => store.clear()).not.toThrow();
    const missing = draftStore(() => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    });
    expect(missing.read()).toEqual({});
  });
});
