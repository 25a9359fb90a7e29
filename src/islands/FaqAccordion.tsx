/**
 * An FAQ list where one answer is open at a time and the open one can be closed.
 *
 * Before and without hydration the items are native <details> sharing one `name`, so the browser
 * itself keeps one open at a time, with no script. Once React takes over (see useNativeTakeover)
 * they follow the ARIA accordion pattern: a heading holding a button with `aria-expanded` and
 * `aria-controls`, and a labelled region for the answer. The item opened before hydration stays
 * open, and a focused question keeps focus.
 *
 * Loading: `client:interaction` (the first hover, touch, focus or key inside the list). Reading
 * the questions needs no script and opening one already works natively, so React is worth
 * fetching only for a visitor who reaches for the list; `client:visible` would fetch it for
 * everyone who merely scrolls past the FAQ on their way to the footer.
 */
import { useState } from 'react';
import { Icon } from './shared/Icon';
import { useNativeTakeover } from './shared/use-native-takeover';

interface FaqAccordionProps {
  /** Unique on the page: the <details> group name and the prefix of the ARIA ids. */
  id: string;
  items: { question: string; answer: string }[];
}

const rowClass =
  'flex min-h-14 w-full cursor-pointer items-center justify-between gap-4 px-5 py-4 text-left text-lg font-semibold';
const chevronClass = 'size-5 shrink-0 transition-transform motion-reduce:transition-none';
const answerClass = 'px-5 pb-5 text-muted';
// Forced colours keep the list's dividers but give no control a shape of its own: the question
// button draws its own border there, so it reads as a button (a native <summary> reads as a
// disclosure without one).
const questionButtonClass = 'forced-colors:border';

export default function FaqAccordion({ id, items }: FaqAccordionProps) {
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  const { rootRef, enhanced } = useNativeTakeover<HTMLDivElement>((root) => {
    const index = Array.from(root.querySelectorAll('details')).findIndex((details) => details.open);
    setOpenIndex(index < 0 ? null : index);
  });

  return (
    <div ref={rootRef} className="divide-y divide-line rounded-2xl border border-line bg-white" data-faq={id}>
      {items.map((item, index) =>
        enhanced ? (
          <div key={index}>
            <h3>
              <button
                type="button"
                id={`${id}-question-${index + 1}`}
                className={`group ${rowClass} ${questionButtonClass}`}
                aria-expanded={openIndex === index}
                aria-controls={`${id}-answer-${index + 1}`}
                onClick={() => setOpenIndex(openIndex === index ? null : index)}
              >
                {item.question}
                <Icon name="chevron" className={`${chevronClass} group-aria-expanded:rotate-180`} />
              </button>
            </h3>
            <div
              id={`${id}-answer-${index + 1}`}
              role="region"
              aria-labelledby={`${id}-question-${index + 1}`}
              hidden={openIndex !== index}
            >
              <p className={answerClass}>{item.answer}</p>
            </div>
          </div>
        ) : (
          <details key={index} name={id} className="group">
            <summary className={`${rowClass} list-none [&::-webkit-details-marker]:hidden`}>
              <h3>{item.question}</h3>
              <Icon name="chevron" className={`${chevronClass} group-open:rotate-180`} />
            </summary>
            <p className={answerClass}>{item.answer}</p>
          </details>
        ),
      )}
    </div>
  );
}
