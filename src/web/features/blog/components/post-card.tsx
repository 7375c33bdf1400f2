import { ArrowRightIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Card, CardContent, CardFooter, CardHeader } from '~/components/ui/card';
import { cn } from '~/lib/utils';
import type { PublicBlogPostSummary } from '../../../../shared/schemas/blog';
import { COVER_SIZES, PostCover } from './post-cover';
import { CategoryBadge, PostMeta } from './post-meta';

export function PostCard({
  post,
  color,
  featured = false,
}: {
  post: PublicBlogPostSummary;
  color: string | null | undefined;
  featured?: boolean;
}) {
  const Heading = featured ? 'h2' : 'h3';
  return (
    <Card
      className={cn(
        'group relative h-full transition-shadow focus-within:ring-2 focus-within:ring-ring hover:shadow-md',
        featured && 'border-primary/30 bg-gradient-to-br from-primary/5 via-background to-accent/40',
        post.featuredImageUrl && 'overflow-hidden pt-0',
      )}
    >
      {/* Lazy below the first card, with its box reserved by width/height so nothing shifts. */}
      <PostCover
        post={post}
        sizes={featured ? COVER_SIZES.article : COVER_SIZES.card}
        loading={featured ? 'eager' : 'lazy'}
        decoding="async"
        data-post-card-image
        className="bg-muted"
      />
      <CardHeader className="gap-3">
        <div className="flex flex-wrap items-center gap-2">
          {featured && <span className="text-xs font-semibold tracking-wide text-primary uppercase">Featured</span>}
          <CategoryBadge name={post.category} color={color} />
        </div>
        <Heading className={cn('font-bold tracking-tight text-balance', featured ? 'text-2xl sm:text-3xl' : 'text-lg')}>
          {/* The whole card is the link (stretched), so the card has one tab stop with a clear name. */}
          <Link to={`/blog/${post.slug}`} className="after:absolute after:inset-0 focus-visible:outline-none">
            {post.title}
          </Link>
        </Heading>
      </CardHeader>
      <CardContent className="flex-1">
        <p className={cn('text-muted-foreground text-pretty', featured && 'text-lg')}>{post.excerpt}</p>
      </CardContent>
      <CardFooter className="flex flex-wrap items-center justify-between gap-3">
        <PostMeta authorName={post.authorName} publishedAt={post.publishedAt} readTimeMinutes={post.readTimeMinutes} />
        <span aria-hidden="true" className="flex items-center gap-1 text-sm font-medium text-primary">
          Read <ArrowRightIcon className="size-4 transition-transform group-hover:translate-x-0.5" />
        </span>
      </CardFooter>
    </Card>
  );
}
