/**
 * The body of a blog post as /blog/{slug} shows it — category, title, excerpt, meta line, cover image, the content
 * with its middle ads, tags and the author box. The live page and the editor's Preview both render this, so the
 * preview is the page (issue 26 §4).
 */
import type { ReactNode } from 'react';
import type { PublicBlogAd, PublicBlogPost } from '../../../../shared/schemas/blog';
import { AdSlot } from './ad-slot';
import { PostCover } from './post-cover';
import { CategoryBadge, PostMeta } from './post-meta';

export type ArticlePost = Pick<
  PublicBlogPost,
  'title' | 'excerpt' | 'category' | 'authorName' | 'authorBio' | 'authorAvatarUrl' | 'publishedAt' | 'readTimeMinutes' | 'featuredImageUrl' | 'featuredImageAlt' | 'contentHtml' | 'tags'
>;

export function PostArticle({
  post,
  color,
  ads = [],
  headingLevel = 'h1',
  aside,
}: {
  post: ArticlePost;
  color: string | null | undefined;
  ads?: PublicBlogAd[];
  /** The editor's preview sits under the admin page's own h1. */
  headingLevel?: 'h1' | 'h2';
  /** Beside the meta line (the live page's Like button). */
  aside?: ReactNode;
}) {
  const Heading = headingLevel;
  const html = post.contentHtml;
  // The middle ads go after the paragraph (or list, code block, quote) nearest the middle of the article.
  const breaks = [...html.matchAll(/<\/(?:p|ul|ol|pre|blockquote)>\n?/g)].map((match) => match.index + match[0].length);
  const cut = breaks.length > 1 ? breaks[Math.floor((breaks.length - 1) / 2)]! : html.length;
  return (
    <>
      <header className="mt-6 flex flex-col gap-4 border-b pb-8">
        <div>
          <CategoryBadge name={post.category} color={color} />
        </div>
        <Heading className="text-3xl font-bold tracking-tight text-balance break-words sm:text-4xl">{post.title}</Heading>
        {post.excerpt && <p className="text-lg text-muted-foreground text-pretty">{post.excerpt}</p>}
        <div className="flex flex-wrap items-center justify-between gap-3">
          <PostMeta authorName={post.authorName} publishedAt={post.publishedAt} readTimeMinutes={post.readTimeMinutes} />
          {aside}
        </div>
      </header>
      <PostCover post={post} className="mt-8 rounded-xl" />
      {/* Rendered from Markdown and sanitised (src/shared/markdown.ts), on the server for the live page. */}
      <div className="prose-jotit mt-8" data-post-content dangerouslySetInnerHTML={{ __html: html.slice(0, cut) }} />
      <AdSlot ads={ads} position="middle" className="my-8" />
      {cut < html.length && <div className="prose-jotit" dangerouslySetInnerHTML={{ __html: html.slice(cut) }} />}
      {post.tags.length > 0 && (
        <ul aria-label="Tags" className="mt-10 flex flex-wrap gap-2">
          {post.tags.map((tag) => (
            <li key={tag} className="rounded-full bg-muted px-3 py-1 text-xs font-medium text-muted-foreground">
              #{tag}
            </li>
          ))}
        </ul>
      )}
      <aside aria-label="About the author" className="mt-10 flex items-start gap-4 rounded-xl border bg-muted/40 p-6">
        {post.authorAvatarUrl ? (
          <img src={post.authorAvatarUrl} alt="" width={56} height={56} className="size-14 shrink-0 rounded-full object-cover" />
        ) : (
          <span aria-hidden="true" className="flex size-14 shrink-0 items-center justify-center rounded-full bg-primary/10 text-xl font-bold text-primary">
            {post.authorName.slice(0, 1).toUpperCase()}
          </span>
        )}
        <div className="min-w-0">
          <p className="font-semibold break-words">{post.authorName}</p>
          {post.authorBio && <p className="mt-1 text-sm text-muted-foreground">{post.authorBio}</p>}
        </div>
      </aside>
    </>
  );
}
