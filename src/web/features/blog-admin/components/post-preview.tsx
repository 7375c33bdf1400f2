/**
 * The editor's Preview: the post as /blog/{slug} will show it, drawn by the live page's own article (handed in by
 * the route as `Preview`) — cover image, meta line, content, tags, author box. The Markdown is rendered and
 * sanitised by the same renderer the server uses for the live page (src/shared/markdown.ts), so a script or event
 * attribute in the content is as inert here as there.
 */
import { type ComponentType, useMemo } from 'react';
import type { PublicBlogPost } from '../../../../shared/schemas/blog';
import { renderMarkdown } from '../../../../shared/markdown';
import { effectiveReadTime, fromLocalDateTime, type PostFormValues, splitTags } from '../post-form';

export type PreviewPost = Pick<
  PublicBlogPost,
  'title' | 'excerpt' | 'category' | 'authorName' | 'authorBio' | 'authorAvatarUrl' | 'publishedAt' | 'readTimeMinutes' | 'featuredImageUrl' | 'featuredImageAlt' | 'contentHtml' | 'tags'
>;
export type PreviewComponent = ComponentType<{ post: PreviewPost; color: string | null }>;

const orNull = (text: string) => (text.trim() === '' ? null : text.trim());

export function PostPreview({ values, color, Preview }: { values: PostFormValues; color: string | null; Preview: PreviewComponent }) {
  const contentHtml = useMemo(() => renderMarkdown(values.content), [values.content]);
  const readTime = Number(effectiveReadTime(values));
  const post: PreviewPost = {
    title: values.title || 'Untitled post',
    excerpt: orNull(values.excerpt),
    category: values.category,
    authorName: values.authorName,
    authorBio: orNull(values.authorBio),
    authorAvatarUrl: orNull(values.authorAvatarUrl),
    publishedAt: (fromLocalDateTime(values.publishedDate, values.publishedTime) ?? new Date()).toISOString(),
    readTimeMinutes: Number.isFinite(readTime) ? readTime : 1,
    featuredImageUrl: orNull(values.featuredImageUrl),
    featuredImageAlt: orNull(values.featuredImageAlt ?? ''),
    contentHtml,
    tags: splitTags(values.tags),
  };
  return (
    <section aria-label="Post preview" className="mx-auto w-full max-w-3xl min-w-0">
      <Preview post={post} color={color} />
    </section>
  );
}
