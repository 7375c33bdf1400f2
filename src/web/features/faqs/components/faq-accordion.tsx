import { ChevronDownIcon, HelpCircleIcon } from 'lucide-react';
import type { PublicFaq } from '../../../../shared/schemas/faqs';

/**
 * Published FAQs (spec §2 Help & FAQ): clicking a question toggles it, and only one is open at a time.
 *
 * Native `<details>` rather than the Radix accordion: a closed answer stays in the HTML (the page's loader renders
 * it for search engines, and Radix unmounts closed panels), it works before the JavaScript arrives, and
 * `name` makes the group exclusive in the browser. Uncontrolled on purpose: a question opened before hydration stays
 * open (a controlled `open` would be out of step with it); where `name` is not supported, opening one closes the others.
 * Answers are Markdown, rendered to sanitised HTML on the server (`answerHtml`: `src/shared/markdown.ts`).
 */
export function FaqAccordion({ faqs, headingLevel = 3 }: { faqs: readonly PublicFaq[]; headingLevel?: 2 | 3 }) {
  const Heading = `h${headingLevel}` as const;

  if (faqs.length === 0) {
    return (
      <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed px-6 py-12 text-center text-muted-foreground">
        <HelpCircleIcon aria-hidden="true" className="size-8" />
        <p>No FAQs available at the moment.</p>
      </div>
    );
  }

  return (
    <div data-testid="faq-list" className="divide-y rounded-2xl border bg-card shadow-xs">
      {faqs.map((faq) => (
        <details
          key={faq.id}
          name="faq"
          onToggle={(event) => {
            const opened = event.currentTarget;
            if (!opened.open || 'name' in HTMLDetailsElement.prototype) return;
            for (const other of opened.parentElement?.querySelectorAll('details[open]') ?? []) {
              if (other !== opened) other.removeAttribute('open');
            }
          }}
          className="group px-5 sm:px-6"
        >
          <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-4 rounded-md py-4 text-left outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 [&::-webkit-details-marker]:hidden">
            <Heading className="text-base font-medium group-open:text-primary">{faq.question}</Heading>
            <ChevronDownIcon
              aria-hidden="true"
              className="size-4 shrink-0 text-muted-foreground transition-transform duration-200 group-open:rotate-180 motion-reduce:transition-none"
            />
          </summary>
          <div
            data-testid="faq-answer"
            className="prose-jotit pb-5 leading-relaxed text-muted-foreground motion-safe:animate-fade-in"
            dangerouslySetInnerHTML={{ __html: faq.answerHtml }}
          />
        </details>
      ))}
    </div>
  );
}
