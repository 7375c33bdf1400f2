import { StarIcon } from 'lucide-react';
import { pictureSources, type ResponsiveImage } from '../../shared/responsive-image';

/** A 1–5 rating as stars, named for screen readers. */
export function Stars({ rating, className = 'size-4' }: { rating: number; className?: string }) {
  return (
    <span role="img" aria-label={`${rating} out of 5 stars`} className="inline-flex items-center gap-0.5">
      {Array.from({ length: 5 }, (_, index) => (
        <StarIcon key={index} aria-hidden="true" className={`${className} ${index < rating ? 'fill-idea text-idea' : 'text-muted-foreground/40'}`} />
      ))}
    </span>
  );
}

/** Initials of a name ('Ada Lovelace' → 'AL'). */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  // Words that start with a letter ('Grace Hopper 2' → 'GH'); a name with none keeps its first characters.
  const lettered = words.filter((word) => /^\p{L}/u.test(word));
  const parts = lettered.length > 0 ? lettered : words;
  return ((parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts.at(-1)?.[0] ?? '') : '')).toUpperCase() || '?';
}

/** A photo shown 48 px wide: its smallest size is plenty (issue 39 §3). */
const AVATAR_SIZES = '48px';

export function Avatar({ name, url, image, size = 'size-12' }: { name: string; url: string | null; image?: ResponsiveImage | null; size?: string }) {
  const picture = image ? pictureSources(image) : null;
  const img = url ? (
    <img
      src={url}
      srcSet={picture?.srcSet || undefined}
      sizes={picture ? AVATAR_SIZES : undefined}
      alt=""
      width={48}
      height={48}
      loading="lazy"
      decoding="async"
      className={`${size} shrink-0 rounded-full object-cover`}
    />
  ) : null;
  if (img && picture && picture.sources.length > 0) {
    return (
      <picture className="contents">
        {picture.sources.map((source) => (
          <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={AVATAR_SIZES} />
        ))}
        {img}
      </picture>
    );
  }
  return img ?? (
    <span aria-hidden="true" className={`${size} flex shrink-0 items-center justify-center rounded-full bg-primary/10 font-semibold text-primary`}>
      {initials(name)}
    </span>
  );
}
