import type { MetaDescriptor } from 'react-router';
import { PRODUCT_NAME } from '../../shared/brand';
import { plainText } from '../../shared/format';

export interface SeoInput {
  title: string;
  description: string;
  /** Path of the page, for the canonical URL. */
  path: string;
  /** The public origin, from the root loader. */
  origin: string | undefined;
  type?: 'website' | 'article';
}

/** Title, description, canonical URL, Open Graph and Twitter tags for a page. */
export function seo({ title: rawTitle, description: rawDescription, path, origin, type = 'website' }: SeoInput): MetaDescriptor[] {
  const url = `${origin ?? ''}${path}`;
  // Stored titles and excerpts may hold markup: meta tags carry its text only (issue 27 §2).
  const title = plainText(rawTitle);
  const description = plainText(rawDescription);
  return [
    { title },
    { name: 'description', content: description },
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:site_name', content: PRODUCT_NAME },
    { property: 'og:type', content: type },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:url', content: url },
    { name: 'twitter:card', content: 'summary' },
    { name: 'twitter:title', content: title },
    { name: 'twitter:description', content: description },
  ];
}

/** The public origin from the root loader's data, for `meta` functions. */
export function originFromMatches(matches: ReadonlyArray<{ id: string; data?: unknown } | undefined>): string | undefined {
  const root = matches.find((match) => match?.id === 'root');
  return (root?.data as { publicUrl?: string } | undefined)?.publicUrl;
}
