import type { ReactNode } from 'react';
import { PageIntro } from './section';

export interface LegalSection {
  id: string;
  title: string;
  content: ReactNode;
}

/** A long legal text: effective date, a table of contents (sticky on wide screens) and numbered sections. */
export function LegalPage({
  title,
  description,
  effectiveDate,
  sections,
}: {
  title: string;
  description: string;
  effectiveDate: string;
  sections: readonly LegalSection[];
}) {
  return (
    <>
      <PageIntro eyebrow="Legal" title={title} description={description}>
        <p className="text-sm text-muted-foreground">
          Effective date: <time>{effectiveDate}</time>
        </p>
      </PageIntro>
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 sm:py-16 lg:grid-cols-[16rem_1fr]">
        <nav aria-label="On this page" className="lg:sticky lg:top-24 lg:self-start">
          <p className="mb-3 text-sm font-semibold">On this page</p>
          <ol className="flex flex-col gap-1 border-l text-sm">
            {sections.map((section, index) => (
              <li key={section.id}>
                <a
                  href={`#${section.id}`}
                  className="-ml-px block border-l border-transparent py-1 pl-4 text-muted-foreground hover:border-foreground hover:text-foreground"
                >
                  {index + 1}. {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <article className="flex max-w-3xl flex-col gap-10 leading-relaxed">
          {sections.map((section, index) => (
            <section key={section.id} id={section.id} aria-labelledby={`${section.id}-heading`} className="scroll-mt-24">
              <h2 id={`${section.id}-heading`} className="mb-3 text-xl font-bold tracking-tight sm:text-2xl">
                {index + 1}. {section.title}
              </h2>
              <div className="flex flex-col gap-3 text-muted-foreground [&_a]:font-medium [&_a]:text-primary [&_a]:underline-offset-4 hover:[&_a]:underline [&_li]:pl-1 [&_strong]:text-foreground [&_ul]:flex [&_ul]:list-disc [&_ul]:flex-col [&_ul]:gap-2 [&_ul]:pl-5">
                {section.content}
              </div>
            </section>
          ))}
        </article>
      </div>
    </>
  );
}
