import { useMemo } from 'react';
import { effectiveReadTime, fromLocalDateTime, type PostFormValues, splitTags } from '../post-form';
import { renderMarkdown } from '../../../../shared/markdown';

const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/**
 * The Preview side of the editor: the post laid out like /blog/{slug}, its Markdown rendered and sanitised by the
 * public page's renderer (src/shared/markdown.ts), so a script or event attribute in the content is as inert here as there.
 */
export function PostPreview({ values }: { values: PostFormValues }) {
  const html = useMemo(() => renderMarkdown(values.content), [values.content]);
  const publishedAt = fromLocalDateTime(values.publishedDate, values.publishedTime) ?? new Date();
  const tags = splitTags(values.tags);
  return (
    <section aria-label="Post preview" className="mx-auto w-full max-w-3xl">
      <header className="flex flex-col gap-3 border-b pb-6">
        {values.category && <p className="text-sm font-medium text-primary">{values.category}</p>}
        <h2 className="text-3xl font-bold tracking-tight text-balance">{values.title || 'Untitled post'}</h2>
        {values.excerpt && <p className="text-lg text-muted-foreground">{values.excerpt}</p>}
        <p className="text-sm text-muted-foreground">
          {values.authorName} · {dateFormat.format(publishedAt)} · {effectiveReadTime(values)} min read
        </p>
      </header>
      <div className="prose-jotit mt-6" data-preview-content dangerouslySetInnerHTML={{ __html: html }} />
      {tags.length > 0 && (
        <ul aria-label="Tags" className="mt-8 flex flex-wrap gap-2">
          {tags.map((tag) => (
            <li key={tag} className="rounded-full bg-muted px-3 py-1 text-xs font-medium text-muted-foreground">
              #{tag}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
