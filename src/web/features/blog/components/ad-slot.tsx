import type { BlogAdPosition, PublicBlogAd } from '../../../../shared/schemas/blog';
import { cn } from '~/lib/utils';

/**
 * The post's ads at one position (top, middle, bottom, sidebar). Ad content is text (React escapes it), never HTML;
 * links are sponsored (`rel="sponsored noopener"`) and only http(s) or site paths (the API validates them).
 */
export function AdSlot({ ads, position, className }: { ads: PublicBlogAd[]; position: BlogAdPosition; className?: string }) {
  const here = ads.filter((ad) => ad.position === position);
  if (here.length === 0) return null;
  return (
    <aside aria-label="Sponsored" data-ad-position={position} className={cn('flex flex-col gap-3', className)}>
      {here.map((ad) => {
        const body = (
          <>
            {ad.imageUrl && <img src={ad.imageUrl} alt={ad.altText ?? ''} loading="lazy" className="max-h-48 w-full rounded-md object-cover" />}
            <span className="whitespace-pre-line">{ad.content}</span>
          </>
        );
        return (
          <div key={`${ad.id}-${position}`} data-ad-id={ad.id} className="rounded-xl border border-dashed bg-muted/40 p-4 text-sm">
            <p className="mb-2 text-xs font-semibold tracking-wide text-muted-foreground uppercase">Sponsored</p>
            {ad.targetUrl ? (
              <a href={ad.targetUrl} target="_blank" rel="sponsored noopener" className="flex flex-col gap-2 font-medium text-primary underline-offset-4 hover:underline">
                {body}
              </a>
            ) : (
              <div className="flex flex-col gap-2">{body}</div>
            )}
          </div>
        );
      })}
    </aside>
  );
}
