import { META_DESCRIPTION_LIMIT, META_TITLE_LIMIT } from '../post-form';

/** Characters used against a search engine's visible length; over the limit shows in the destructive colour. */
export function CharacterCount({ length, limit, id }: { length: number; limit: number; id?: string }) {
  return (
    <span
      id={id}
      className={length > limit ? 'text-xs font-medium text-destructive' : 'text-xs text-muted-foreground'}
      aria-live="polite"
    >
      {length}/{limit} characters
    </span>
  );
}

const cut = (text: string, limit: number) => (text.length > limit ? `${text.slice(0, limit - 1).trimEnd()}…` : text);

/**
 * How the post may look as a search result: the meta title (else the title), the post's URL and the meta
 * description (else the excerpt), cut where search engines usually cut them.
 */
export function SeoPreview({
  title,
  slug,
  description,
  origin,
}: {
  title: string;
  slug: string;
  description: string;
  origin: string;
}) {
  const host = origin.replace(/^https?:\/\//, '');
  return (
    <section aria-label="Search result preview" className="rounded-lg border bg-background p-4">
      <p className="mb-2 text-xs font-medium tracking-wide text-muted-foreground uppercase">Search result preview</p>
      <p className="truncate text-sm text-muted-foreground">
        {host} › blog › {slug || 'post-slug'}
      </p>
      <p className="truncate text-lg text-blue-700 dark:text-blue-400">
        {cut(title || 'Post title', META_TITLE_LIMIT)}
      </p>
      <p className="line-clamp-2 text-sm text-muted-foreground">
        {cut(description || 'The meta description or the excerpt shows here.', META_DESCRIPTION_LIMIT)}
      </p>
    </section>
  );
}
