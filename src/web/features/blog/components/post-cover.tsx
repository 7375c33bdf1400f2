import type { ComponentProps } from 'react';
import type { PublicBlogPostSummary } from '../../../../shared/schemas/blog';
import { cn } from '~/lib/utils';

/** The cover's box (1.91:1, the social-card ratio): the space is kept before the image loads, so nothing shifts. */
const COVER_WIDTH = 1200;
const COVER_HEIGHT = 630;

/**
 * A post's cover on the article and on its card, with its alt text when the post has one (issue 37 §6), else
 * decorative (`alt=""`: the title next to it names the post).
 */
export function PostCover({
  post,
  className,
  ...image
}: {
  post: Pick<PublicBlogPostSummary, 'featuredImageUrl' | 'featuredImageAlt'>;
  className?: string;
} & Pick<ComponentProps<'img'>, 'loading' | 'decoding'> & { 'data-post-card-image'?: boolean }) {
  if (!post.featuredImageUrl) return null;
  return (
    <img
      src={post.featuredImageUrl}
      alt={post.featuredImageAlt ?? ''}
      width={COVER_WIDTH}
      height={COVER_HEIGHT}
      {...image}
      className={cn('aspect-[1200/630] h-auto w-full object-cover', className)}
    />
  );
}
