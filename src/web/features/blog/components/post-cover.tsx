import type { ComponentProps } from 'react';
import { pictureSources } from '../../../../shared/responsive-image';
import type { PublicBlogPostSummary } from '../../../../shared/schemas/blog';
import { cn } from '~/lib/utils';

/** The cover's box (1.91:1, the social-card ratio): the space is kept before the image loads, so nothing shifts. */
const COVER_WIDTH = 1200;
const COVER_HEIGHT = 630;

/** How wide a cover is shown: the article's column, or a card of the blog's grid (three, two, then one a row). */
export const COVER_SIZES = {
  article: '(min-width: 768px) 720px, 100vw',
  card: '(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw',
} as const;

/**
 * A post's cover on the article and on its card, with its alt text when the post has one (issue 37 §6), else
 * decorative (`alt=""`: the title next to it names the post). An uploaded cover comes in sizes (issue 39 §3): AVIF
 * and WebP sources and a `srcset`, so a phone downloads one sized for its screen.
 */
export function PostCover({
  post,
  className,
  sizes = COVER_SIZES.article,
  ...image
}: {
  post: Pick<PublicBlogPostSummary, 'featuredImageUrl' | 'featuredImageAlt' | 'featuredImage'>;
  className?: string;
  sizes?: string;
} & Pick<ComponentProps<'img'>, 'loading' | 'decoding'> & { 'data-post-card-image'?: boolean }) {
  if (!post.featuredImageUrl) return null;
  const picture = post.featuredImage ? pictureSources(post.featuredImage) : null;
  const img = (
    <img
      src={post.featuredImageUrl}
      srcSet={picture?.srcSet || undefined}
      sizes={picture ? sizes : undefined}
      alt={post.featuredImageAlt ?? ''}
      width={COVER_WIDTH}
      height={COVER_HEIGHT}
      decoding="async"
      {...image}
      className={cn('aspect-[1200/630] h-auto w-full object-cover', className)}
    />
  );
  if (!picture || picture.sources.length === 0) return img;
  return (
    <picture className="contents">
      {picture.sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={sizes} />
      ))}
      {img}
    </picture>
  );
}
