import { z } from 'zod';
import { safeString } from './text.ts';

/** The help page's tutorial video (spec §3 Help config): one record, read by anyone, changed by admins. */

const YOUTUBE_ID = /^[\w-]{11}$/;

/**
 * The privacy-enhanced embed address of a YouTube or Vimeo link (youtube-nocookie.com; Vimeo with dnt=1),
 * or null for anything else. The CSP's frame-src allows exactly these two hosts.
 */
export function videoEmbedUrl(link: string): string | null {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.replace(/^(www\.|m\.)/, '');
  const segments = url.pathname.split('/').filter(Boolean);
  let youtubeId: string | undefined;
  if (host === 'youtu.be') youtubeId = segments[0];
  else if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    youtubeId = segments[0] === 'watch' ? (url.searchParams.get('v') ?? undefined) : ['embed', 'shorts', 'live'].includes(segments[0] ?? '') ? segments[1] : undefined;
  }
  if (youtubeId && YOUTUBE_ID.test(youtubeId)) return `https://www.youtube-nocookie.com/embed/${youtubeId}`;
  if (host === 'vimeo.com' || host === 'player.vimeo.com') {
    const id = segments.find((segment) => /^\d{1,12}$/.test(segment));
    if (id) return `https://player.vimeo.com/video/${id}?dnt=1`;
  }
  return null;
}

export const VIDEO_URL_ERROR = 'Video URL must be a YouTube or Vimeo link';

/** `PUT /api/help-config`. */
export const UpdateHelpConfigSchema = z.object({
  videoUrl: safeString('Video URL', { error: 'Video URL is required' })
    .trim()
    .min(1, 'Video URL is required')
    .max(500, VIDEO_URL_ERROR)
    .refine((value) => videoEmbedUrl(value) !== null, VIDEO_URL_ERROR),
  videoTitle: safeString('Video title').trim().max(200, 'Video title must be at most 200 characters').nullish(),
  videoDescription: safeString('Video description').trim().max(1000, 'Video description must be at most 1000 characters').nullish(),
});
export type UpdateHelpConfig = z.input<typeof UpdateHelpConfigSchema>;

export const HelpConfigSchema = z.object({
  videoUrl: z.string(),
  /** Where the help page's iframe points (privacy-enhanced). */
  embedUrl: z.string().nullable(),
  videoTitle: z.string().nullable(),
  videoDescription: z.string().nullable(),
  updatedAt: z.string(),
});
export type HelpConfig = z.infer<typeof HelpConfigSchema>;

/** `GET /api/help-config`: null when no video is set (the page shows "coming soon"). */
export const HelpConfigResponseSchema = z.object({ config: HelpConfigSchema.nullable() });
