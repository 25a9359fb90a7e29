/**
 * The enquiry form's draft in this tab's sessionStorage (src/lib/shared/enquiry-draft.ts): saved
 * as the visitor types, put back into the form when it hydrates, cleared once the enquiry is
 * received. The page hydrates the form at once when the tab holds a draft (`client:interaction`
 * given the key, src/lib/browser/on-interaction.ts), so it comes back without a touch.
 */
import { draftOf, draftStore, mergeDraft, type Draft } from '@/lib/shared/enquiry-draft';
import { fillTimeField } from '@/lib/shared/spam-traps';

type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

export function formDraft(storage: () => Storage) {
  const store = draftStore(storage);
  return {
    /**
     * Adopts the form as hydration finds it: the saved draft fills the fields the page left empty
     * (what the page shows wins: mergeDraft says why). Returns the milliseconds the visitor had
     * spent filling it in before, so a restored draft sent at once is not taken for a bot's.
     */
    restore(form: HTMLFormElement): number {
      const draft = mergeDraft(draftOf(new FormData(form)), store.read());
      for (const [name, value] of Object.entries(draft)) {
        const control = form.elements.namedItem(name) as Control | null;
        if (!control || control.value === value) continue;
        control.value = value;
        // A choice the menu no longer offers leaves it on its empty first option, never blank.
        if (control.value !== value) control.value = '';
      }
      return Math.max(0, Number(draft[fillTimeField]) || 0);
    },
    /** Keeps what the form holds now (or forgets the draft once the visitor has emptied it). */
    save(form: HTMLFormElement, fillTimeMs: number) {
      const draft: Draft = {
        ...draftOf(new FormData(form)),
        [fillTimeField]: String(Math.round(fillTimeMs)),
      };
      store.save(draft);
    },
    clear: store.clear,
  };
}
