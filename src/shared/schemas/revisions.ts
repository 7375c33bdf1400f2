import { z } from 'zod';
import { NumericIdParamsSchema } from './fields.ts';
import { safeString } from './text.ts';
import { writeBody } from './wire.ts';

/**
 * Revisions and versions of a document (issue 39 §1–§2, decision 0064). Every save stores a revision; a save names
 * the version it read, and a stale or missing one answers 409 with who saved last and when.
 */

export const REVISION_KINDS = ['save', 'publish', 'autosave', 'restore'] as const;
export type RevisionKind = (typeof REVISION_KINDS)[number];

/** The documents that keep revisions, and what a 409 calls each ("saved this page"). */
export const REVISION_DOCUMENT_TYPES = ['blog_post', 'page', 'campaign'] as const;
export type RevisionDocumentType = (typeof REVISION_DOCUMENT_TYPES)[number];
export const REVISION_DOCUMENT_NOUNS: Record<RevisionDocumentType, string> = { blog_post: 'post', page: 'page', campaign: 'campaign' };

export const REVISION_KIND_LABELS: Record<RevisionKind, string> = {
  save: 'Saved',
  publish: 'Published',
  autosave: 'Autosave',
  restore: 'Restored',
};

/** How often the editor autosaves while there are unsaved changes (issue 39: every 10–30 s of changes). */
export const AUTOSAVE_INTERVAL_MS = 15_000;

/** Published revisions are kept for ever; of the others, the newest this many per document (decision 0064). */
export const REVISIONS_KEPT_PER_DOCUMENT = 50;

export const REVISION_TEXTS = {
  notFound: 'Revision not found',
  versionMissing: 'Send the version you read: someone else may have saved since',
  /** The 409's text; `by` is the name of whoever saved last, `at` when, `noun` what was saved ("post"). */
  versionStale: (by: string | null, at: string | null, noun = 'post') =>
    `${by ?? 'Someone'} saved this ${noun}${at ? ` at ${at}` : ''} since you opened it`,
} as const;

/**
 * The version a save read: required for a save of an existing document (a missing one is a 409, not a 400, so an
 * older client is told to reload rather than that its form is wrong).
 */
export const versionField = z
  .number({ error: 'Version must be a whole number' })
  .int('Version must be a whole number')
  .positive('Version must be a whole number')
  .max(2_147_483_647, 'Version must be a whole number')
  .optional();

/** The `conflict` of a 409 on a stale or missing version: who saved last, when, and the version now. */
export const VersionConflictSchema = z.object({
  savedBy: z.string().nullable(),
  savedAt: z.string().nullable(),
  version: z.number().int(),
});
export type VersionConflict = z.infer<typeof VersionConflictSchema>;

/** The content fields a blog post's revision keeps (the post's live flags and links are not content). */
export const BlogPostRevisionFieldsSchema = z.object({
  title: z.string(),
  content: z.string(),
  excerpt: z.string().nullable(),
  featuredImageUrl: z.string().nullable(),
  featuredImageAlt: z.string().nullable(),
  metaTitle: z.string().nullable(),
  metaDescription: z.string().nullable(),
  metaKeywords: z.string().nullable(),
  authorName: z.string(),
  category: z.string(),
  tags: z.array(z.string()),
});
export type BlogPostRevisionFields = z.infer<typeof BlogPostRevisionFieldsSchema>;

/** The content fields a page's revision keeps (its slug and publish state are not content). */
export const PageRevisionFieldsSchema = z.object({
  title: z.string(),
  content: z.string().nullable(),
  metaDescription: z.string().nullable(),
});
export type PageRevisionFields = z.infer<typeof PageRevisionFieldsSchema>;

/** The content fields a campaign's revision keeps: its landing page's texts (not its slug or whether it is active). */
export const CampaignRevisionFieldsSchema = z.object({
  name: z.string(),
  description: z.string().nullable(),
  landingPageContent: z.string().nullable(),
  conversionGoal: z.string().nullable(),
});
export type CampaignRevisionFields = z.infer<typeof CampaignRevisionFieldsSchema>;

/** One revision in a document's history (without its fields). */
export const RevisionSummarySchema = z.object({
  id: z.number().int(),
  documentType: z.enum(REVISION_DOCUMENT_TYPES),
  documentId: z.string(),
  kind: z.enum(REVISION_KINDS),
  /** The document's version this revision saved (an autosave: the version it was typed over). */
  version: z.number().int(),
  /** The document was live after this revision (kept for ever). */
  published: z.boolean(),
  /** For a restore: the revision it brought back. */
  restoredFrom: z.number().int().nullable(),
  createdBy: z.number().int().nullable(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
});
export type RevisionSummary = z.infer<typeof RevisionSummarySchema>;

export const RevisionListSchema = z.object({ items: z.array(RevisionSummarySchema) });
export type RevisionList = z.infer<typeof RevisionListSchema>;

/** `GET /api/blog-posts/{id}/revisions/{revisionId}`: the revision with its fields as they were. */
export const BlogPostRevisionSchema = RevisionSummarySchema.extend({ fields: BlogPostRevisionFieldsSchema });
export type BlogPostRevision = z.infer<typeof BlogPostRevisionSchema>;

/** `POST /api/blog-posts/{id}/revisions/{revisionId}/restore`: the version the restorer read. */
export const RestoreRevisionSchema = writeBody({ version: versionField });
export type RestoreRevision = z.input<typeof RestoreRevisionSchema>;

const revisionId = z.coerce.number({ error: 'Revision id must be a number' }).int().positive().max(Number.MAX_SAFE_INTEGER);

export const RevisionParamsSchema = z.object({ id: safeString('Post id').max(200), revisionId });

/** `GET /api/pages/{id}/revisions/{revisionId}`: the revision with the page's fields as they were. */
export const PageRevisionSchema = RevisionSummarySchema.extend({ fields: PageRevisionFieldsSchema });
export type PageRevision = z.infer<typeof PageRevisionSchema>;

/** `GET /api/campaigns/{id}/revisions/{revisionId}`: the revision with the campaign's fields as they were. */
export const CampaignRevisionSchema = RevisionSummarySchema.extend({ fields: CampaignRevisionFieldsSchema });
export type CampaignRevision = z.infer<typeof CampaignRevisionSchema>;

/** A page's or campaign's revision: the document's number id and the revision's. */
export const NumericRevisionParamsSchema = z.object({ id: NumericIdParamsSchema.shape.id, revisionId });
