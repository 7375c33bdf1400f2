/**
 * The database schema: every entity of spec §3, plus auth tokens, captcha uses and the audit log.
 * Column names are snake_case in SQL (drizzle `casing: 'snake_case'`), camelCase in TypeScript.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  customType,
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { ROLES } from '../../shared/permissions.ts';
import { REVISION_DOCUMENT_TYPES } from '../../shared/schemas/revisions.ts';

const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
const createdBy = () => integer().references(() => users.id, { onDelete: 'set null' });

export const users = pgTable(
  'users',
  {
    id: serial().primaryKey(),
    username: text().notNull(),
    email: text().notNull(),
    passwordHash: text().notNull(),
    /** One role per user (src/shared/permissions.ts, decision 0050). */
    role: text({ enum: ROLES }).notNull().default('user'),
    /** The spec's flag, derived by the database from the role: it can never disagree with it. */
    isAdmin: boolean()
      .notNull()
      .generatedAlwaysAs(sql`role in ('owner', 'admin')`),
    isApproved: boolean().notNull().default(false),
    emailConfirmedAt: timestamp({ withTimezone: true }),
    // Bumped on password change, approval or role change: older JWTs stop working at once.
    tokenVersion: integer().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('users_username_unique').on(sql`lower(${table.username})`),
    uniqueIndex('users_email_unique').on(sql`lower(${table.email})`),
  ],
);

/** E-mail confirmation and password reset tokens; only a SHA-256 of the token is stored. */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // `sign_in_challenge`: the 5-minute ticket between a right password and the second factor (decision 0053).
    kind: text({ enum: ['confirm_email', 'reset_password', 'sign_in_challenge'] }).notNull(),
    tokenHash: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('auth_tokens_hash_unique').on(table.tokenHash), index('auth_tokens_user_idx').on(table.userId)],
);

/**
 * Sign-in sessions (issue 36 item 6; decision 0051): one row per issued JWT, which names it in its `sid` claim. A token
 * whose row is gone is refused, so ending a session is a DELETE that every instance sees at once. The id is 128
 * random bits; it names a session but proves nothing without the signed token around it. No IP address is kept.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: text().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The user's token version when signed in: a password change or a revoked right ends the session (auth plugin). */
    tokenVersion: integer().notNull(),
    /** "Chrome on macOS", from the User-Agent at sign-in (lib/device-label.ts); the User-Agent itself is not kept. */
    device: text().notNull(),
    /** Two-letter country at sign-in, when known (trusted proxy header or GEOIP_DB). */
    country: text(),
    createdAt: createdAt(),
    /** Updated at most once a minute (auth plugin), never a write per request. */
    lastSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('sessions_user_idx').on(table.userId, table.createdAt.desc())],
);

/**
 * The devices and countries an account has signed in from (issue 36 §7; decision 0059): a sign-in from a pair not
 * in here, by an account that has any row, sends the "New sign-in" security mail. Kept apart from `sessions`,
 * which lose their rows on sign-out, on a password change and after JWT_MAX_AGE: "before" must outlive them.
 * `country` is '' when unknown (a primary key column cannot be null). Written by the account-mail job, never by
 * the sign-in answer.
 */
export const knownSignInDevices = pgTable(
  'known_sign_in_devices',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** "Chrome on macOS" (lib/device-label.ts), as the session row names it. */
    device: text().notNull(),
    country: text().notNull().default(''),
    firstSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.device, table.country] })],
);

/**
 * A person's second factor (issue 36 §5; decision 0053): a TOTP secret, sealed with a key derived from JWT_SECRET
 * (lib/sealed.ts), never sent again once enrolment is confirmed. A row without `enabledAt` is an enrolment awaiting
 * its first code; it protects nothing.
 */
export const secondFactors = pgTable('second_factors', {
  userId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secretSealed: text().notNull(),
  enabledAt: timestamp({ withTimezone: true }),
  /** The last TOTP time step (30 s) accepted: a code of this step or an earlier one is refused, so none is used twice. */
  lastUsedStep: bigint({ mode: 'number' }),
  createdAt: createdAt(),
});

/** Recovery codes (decision 0053): ten per enrolment, only their SHA-256 stored, each used once. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text().notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('recovery_codes_user_idx').on(table.userId)],
);

/**
 * Staff invitations (issue 36 §4; decision 0056): an owner or admin invites an address with a role; the invitee sets a
 * password through the e-mailed link and is signed in. Only a SHA-256 of the link's token is stored. One pending
 * invitation per address (a new one replaces it); an accepted one stays as the record of who came in how.
 */
export const staffInvitations = pgTable(
  'staff_invitations',
  {
    id: serial().primaryKey(),
    email: text().notNull(),
    role: text({ enum: ROLES }).notNull(),
    tokenHash: text().notNull(),
    invitedBy: createdBy(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    acceptedAt: timestamp({ withTimezone: true }),
    acceptedUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('staff_invitations_token_hash_unique').on(table.tokenHash),
    uniqueIndex('staff_invitations_pending_email_unique').on(sql`lower(${table.email})`).where(sql`${table.acceptedAt} is null`),
  ],
);

/**
 * Passkeys (issue 36; decision 0057): WebAuthn credentials, several per person, each named by them. Only the public
 * key is here (COSE, base64url); the signature counter is kept so a cloned authenticator's lower count is refused.
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The credential id, base64url, as the authenticator gave it. */
    credentialId: text().notNull(),
    publicKey: text().notNull(),
    signCount: bigint({ mode: 'number' }).notNull().default(0),
    transports: jsonb().$type<string[]>().notNull().default([]),
    name: text().notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp({ withTimezone: true }),
  },
  (table) => [uniqueIndex('passkeys_credential_unique').on(table.credentialId), index('passkeys_user_idx').on(table.userId)],
);

/**
 * WebAuthn challenges (decision 0057): 32 random bytes each, only their SHA-256 kept, two minutes, deleted when used
 * (single use). `purpose` says which ceremony may spend it; `userId` is the person registering or signing in with a
 * second factor, null for a passwordless sign-in (the credential names the person).
 */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    id: serial().primaryKey(),
    challengeHash: text().notNull(),
    purpose: text({ enum: ['register', 'sign_in', 'second_factor'] }).notNull(),
    userId: integer().references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('webauthn_challenges_hash_unique').on(table.challengeHash), index('webauthn_challenges_expires_idx').on(table.expiresAt)],
);

/** API clients (spec §3 Client); the secret is stored hashed and shown once at creation. */
export const apiClients = pgTable('api_clients', {
  clientId: text().primaryKey(),
  name: text(),
  secretHash: text().notNull(),
  isAdmin: boolean().notNull().default(false),
  lastUsedAt: timestamp({ withTimezone: true }),
  createdAt: createdAt(),
  createdBy: createdBy(),
});

export const buildGuids = pgTable(
  'build_guids',
  {
    id: serial().primaryKey(),
    name: text().notNull(),
    value: text().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex('build_guids_name_unique').on(table.name)],
);

/** One table holding the union of the older and newer jot fields (spec §3). */
export const jots = pgTable(
  'jots',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    protocolVersion: text({ enum: ['legacy', 'v1', 'v2'] }).notNull(),
    buildGuidName: text(),
    encryptedPayload: text().notNull(),
    clientId: text(),
    appName: text().notNull().default('JotApp'),
    windowTitle: text(),
    jotText: text(),
    appVersion: text(),
    plugin: text(),
    senderIp: text(),
    senderUserAgent: text(),
    senderCity: text(),
    senderState: text(),
    senderCountry: text(),
    processedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    /**
     * v2 only: the envelope's MAC (Base64), which binds its key id, IV and ciphertext. A retried envelope has the
     * same one, so the unique index below stores it once on every instance (writer.ts; decision 0010).
     */
    dedupKey: text(),
  },
  (table) => [
    uniqueIndex('jots_dedup_key_idx').on(table.dedupKey).where(sql`${table.dedupKey} is not null`),
    // Ascending on purpose: `order by created_at desc, id desc` is a backward scan of it (a DESC index is built
    // NULLS LAST and would not match), and the last page a forward one (issue 13, decision 0013).
    index('jots_created_at_idx').on(table.createdAt, table.id),
    index('jots_client_id_idx').on(table.clientId, table.createdAt, table.id),
    // The admin searches compare lower(field) and list newest first: jots_{app_version,plugin,client_id,
    // sender_country}_search_idx on (lower(field), created_at, id) INCLUDE (field), hand-written in migration 0006
    // (Drizzle has no INCLUDE; the column makes the capped count an index-only scan). Decision 0013.
    // The payload search: the whole encrypted payload (a developer pastes what was sent) by hash; the decrypted
    // text's "contains" by a pg_trgm GIN index, hand-written in migration 0006 (decision 0013).
    index('jots_encrypted_payload_hash_idx').using('hash', table.encryptedPayload),
  ],
);

export const banners = pgTable(
  'banners',
  {
    id: serial().primaryKey(),
    title: text().notNull(),
    message: text().notNull(),
    type: text().notNull().default('info'),
    backgroundColor: text().notNull().default('#3b82f6'),
    textColor: text().notNull().default('#ffffff'),
    isActive: boolean().notNull().default(true),
    isCloseable: boolean().notNull().default(true),
    displayOrder: integer().notNull().default(0),
    startDate: timestamp({ withTimezone: true }),
    endDate: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    createdBy: createdBy(),
  },
  (table) => [index('banners_active_order_idx').on(table.isActive, table.displayOrder)],
);

export const leads = pgTable(
  'leads',
  {
    id: serial().primaryKey(),
    email: text().notNull(),
    firstName: text(),
    lastName: text(),
    source: text(),
    subscribedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    convertkitSubscriberId: bigint({ mode: 'number' }),
    kitSyncedAt: timestamp({ withTimezone: true }),
    ipAddress: text(),
    userAgent: text(),
    utmSource: text(),
    utmMedium: text(),
    utmCampaign: text(),
    utmTerm: text(),
    utmContent: text(),
    referrer: text(),
    /** When the address left our lists (issue 24): no marketing mail since, and unsubscribed in Kit. */
    unsubscribedAt: timestamp({ withTimezone: true }),
    /** Consent (issue 24): the words next to the box the visitor submitted, when, and the IP's country. */
    consentText: text(),
    consentAt: timestamp({ withTimezone: true }),
    consentCountry: text(),
    /** Double opt-in (SUBSCRIBE_DOUBLE_OPT_IN): when the confirmation link was opened; null until then. */
    confirmedAt: timestamp({ withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('leads_email_unique').on(sql`lower(${table.email})`),
    index('leads_subscribed_at_idx').on(table.subscribedAt.desc()),
    // Leads Management at 100,000 leads: date paging and keyset export, the source filter, the sync filter.
    index('leads_subscribed_at_id_idx').on(table.subscribedAt, table.id),
    index('leads_source_subscribed_at_idx').on(table.source, table.subscribedAt),
    index('leads_unsynced_idx').on(table.subscribedAt).where(sql`${table.convertkitSubscriberId} is null`),
  ],
);

/**
 * Feedback and contact messages (spec §2): one table, told apart by `kind`; `company` is the contact form's only.
 * A message is `(kind, id)` — the inbox's `{type}/{id}` and the audit log's `type:id` — kept from the two tables
 * these rows came from (migration 0010); new rows take their id from one sequence.
 */
export const messages = pgTable(
  'messages',
  {
    kind: text({ enum: ['feedback', 'contact'] }).notNull(),
    id: serial().notNull(),
    name: text().notNull(),
    email: text().notNull(),
    company: text(),
    subject: text().notNull(),
    message: text().notNull(),
    ipAddress: text(),
    userAgent: text(),
    createdAt: createdAt(),
    // The admin inbox (issue 10 §7): null until an admin reads / archives the message.
    readAt: timestamp({ withTimezone: true }),
    archivedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.kind, table.id] }),
    index('messages_created_at_idx').on(table.createdAt.desc(), table.id.desc()),
  ],
);

export const invitations = pgTable(
  'invitations',
  {
    id: serial().primaryKey(),
    senderName: text().notNull(),
    senderEmail: text().notNull(),
    recipientName: text().notNull(),
    recipientEmail: text().notNull(),
    personalMessage: text(),
    ipAddress: text(),
    userAgent: text(),
    createdAt: createdAt(),
  },
  // Per-recipient limits look up recent invitations by address.
  (table) => [
    index('invitations_recipient_idx').on(sql`lower(${table.recipientEmail})`, table.createdAt),
    // The dashboard counts invitations per day (issue 10 §7): a range on created_at.
    index('invitations_created_at_idx').on(table.createdAt),
    // The per-IP daily limit (issue 24).
    index('invitations_ip_created_at_idx').on(table.ipAddress, table.createdAt),
  ],
);

/**
 * The suppression list (issue 24): an address that asked for no more mail of a scope ('marketing',
 * 'invitations' or 'all'). The mail queue checks it before every send of a suppressible message. `email` is
 * stored lower-case; `method` says how the request came ('one_click', 'page', 'mailto', 'admin').
 */
export const emailSuppressions = pgTable(
  'email_suppressions',
  {
    id: serial().primaryKey(),
    email: text().notNull(),
    scope: text().notNull(),
    method: text().notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('email_suppressions_email_scope_unique').on(table.email, table.scope)],
);

export const faqs = pgTable(
  'faqs',
  {
    id: serial().primaryKey(),
    question: text().notNull(),
    answer: text().notNull(),
    displayOrder: integer().notNull().default(0),
    isPublished: boolean().notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    createdBy: createdBy(),
  },
  (table) => [index('faqs_published_order_idx').on(table.isPublished, table.displayOrder)],
);

export const blogCategories = pgTable(
  'blog_categories',
  {
    id: serial().primaryKey(),
    name: text().notNull(),
    slug: text().notNull(),
    description: text(),
    color: text(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('blog_categories_slug_unique').on(table.slug)],
);

export const blogTags = pgTable(
  'blog_tags',
  {
    id: serial().primaryKey(),
    name: text().notNull(),
    slug: text().notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('blog_tags_slug_unique').on(table.slug)],
);

export const blogPosts = pgTable(
  'blog_posts',
  {
    id: uuid().primaryKey().defaultRandom(),
    title: text().notNull(),
    slug: text().notNull(),
    content: text().notNull(),
    excerpt: text(),
    authorName: text().notNull().default('JotIt Team'),
    authorBio: text(),
    authorAvatarUrl: text(),
    category: text().notNull().default('General'),
    tags: text().array().notNull().default(sql`'{}'::text[]`),
    featuredImageUrl: text(),
    /** The cover's alt text (issue 37 §6): what the picture shows, for readers who cannot see it. */
    featuredImageAlt: text(),
    isPublished: boolean().notNull().default(false),
    isFeatured: boolean().notNull().default(false),
    viewCount: integer().notNull().default(0),
    likeCount: integer().notNull().default(0),
    readTimeMinutes: integer().notNull().default(5),
    metaTitle: text(),
    metaDescription: text(),
    metaKeywords: text(),
    publishedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    createdBy: createdBy(),
    /** Submitted for review by its author (decision 0058): set while the draft waits for an editor, else null. */
    submittedForReviewAt: timestamp({ withTimezone: true }),
    submittedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    /** Incremented on every save (issue 39 §2, decision 0064): a save must name the version it read, else 409. */
    version: integer().notNull().default(1),
    /**
     * When this publication's `post.published` webhook event was recorded (decision 0067): at the save of a live post,
     * or by the sweep when a scheduled one goes live. Null while a draft, scheduled, or live but not yet swept.
     */
    announcedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    uniqueIndex('blog_posts_slug_unique').on(table.slug),
    index('blog_posts_published_idx').on(table.isPublished, table.publishedAt.desc()),
    // The editors' queue (decision 0058): the few submitted drafts, oldest first, without reading the rest.
    index('blog_posts_submitted_idx').on(table.submittedForReviewAt).where(sql`submitted_for_review_at is not null`),
    // The announcement sweep (decision 0067): the few published posts not yet announced, by date.
    index('blog_posts_unannounced_idx').on(table.publishedAt).where(sql`is_published and announced_at is null`),
  ],
);

/**
 * Revisions of a document (issue 39 §1, decision 0064): one row per save, publish, autosave or restore, with the
 * content fields as they were. One table for every kind of document (`documentType`); the document id is text so a
 * post's uuid and a page's number fit alike. Published revisions are kept for ever, the last 50 others per document
 * (jobs/prune-revisions.ts).
 */
export const revisions = pgTable(
  'revisions',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    documentType: text({ enum: REVISION_DOCUMENT_TYPES }).notNull(),
    documentId: text().notNull(),
    kind: text({ enum: ['save', 'publish', 'autosave', 'restore'] }).notNull(),
    /** The document's version this revision saved; an autosave carries the version it was typed over. */
    version: integer().notNull(),
    /** The content fields as they were (title, content, excerpt, …). */
    fields: jsonb().notNull(),
    /** The document was live after this revision: kept for ever by the pruning. */
    published: boolean().notNull().default(false),
    /** The revision restored, for a `restore`. */
    restoredFrom: bigint({ mode: 'number' }),
    createdBy: createdBy(),
    /** Who saved, as named at the time (a deleted user keeps their name on the revisions). */
    createdByName: text(),
    createdAt: createdAt(),
  },
  (table) => [index('revisions_document_idx').on(table.documentType, table.documentId, table.id.desc())],
);

export const blogAds = pgTable('blog_ads', {
  id: serial().primaryKey(),
  name: text().notNull(),
  type: text({ enum: ['banner', 'inline', 'sidebar', 'affiliate_link'] })
    .notNull()
    .default('banner'),
  content: text().notNull(),
  imageUrl: text(),
  altText: text(),
  targetUrl: text(),
  position: text({ enum: ['top', 'middle', 'bottom', 'sidebar'] })
    .notNull()
    .default('top'),
  priority: integer().notNull().default(1),
  isActive: boolean().notNull().default(true),
  /** An affiliate_link ad may point at an affiliate product: its public link then goes through /go/{id} (issue 12). */
  affiliateProductId: integer().references(() => affiliateProducts.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  createdBy: createdBy(),
});

export const blogPostAds = pgTable(
  'blog_post_ads',
  {
    id: serial().primaryKey(),
    postId: uuid()
      .notNull()
      .references(() => blogPosts.id, { onDelete: 'cascade' }),
    adId: integer()
      .notNull()
      .references(() => blogAds.id, { onDelete: 'cascade' }),
    position: text().notNull().default('middle'),
    createdAt: createdAt(),
  },
  (table) => [index('blog_post_ads_post_idx').on(table.postId)],
);

export const blogRelatedPosts = pgTable(
  'blog_related_posts',
  {
    id: serial().primaryKey(),
    postId: uuid()
      .notNull()
      .references(() => blogPosts.id, { onDelete: 'cascade' }),
    relatedPostId: uuid()
      .notNull()
      .references(() => blogPosts.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('blog_related_posts_pair_unique').on(table.postId, table.relatedPostId)],
);

/** Views of a post per UTC day (issue 11: views per day over 30 days in the admin analytics). */
export const blogPostDailyViews = pgTable(
  'blog_post_daily_views',
  {
    postId: uuid()
      .notNull()
      .references(() => blogPosts.id, { onDelete: 'cascade' }),
    day: date({ mode: 'string' }).notNull(),
    views: integer().notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.postId, table.day] }), index('blog_post_daily_views_day_idx').on(table.day)],
);

/** Who was counted for a post on a day (a hash of the visitor, never the address itself): one view each. */
export const blogPostVisitors = pgTable(
  'blog_post_visitors',
  {
    postId: uuid()
      .notNull()
      .references(() => blogPosts.id, { onDelete: 'cascade' }),
    day: date({ mode: 'string' }).notNull(),
    visitorHash: text().notNull(),
  },
  (table) => [primaryKey({ columns: [table.postId, table.day, table.visitorHash] })],
);

/**
 * Likes, one per visitor (decision 0021): `browserHash` holds the visitor's like key (an HMAC of the network
 * address, lib/visitor-key.ts; older rows hold a hashed cookie id). Deleting the row is the undo.
 */
export const blogPostLikes = pgTable(
  'blog_post_likes',
  {
    postId: uuid()
      .notNull()
      .references(() => blogPosts.id, { onDelete: 'cascade' }),
    browserHash: text().notNull(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.postId, table.browserHash] })],
);

export const testimonials = pgTable('testimonials', {
  id: serial().primaryKey(),
  customerName: text().notNull(),
  customerTitle: text(),
  customerCompany: text(),
  testimonialText: text().notNull(),
  rating: integer(),
  avatarUrl: text(),
  isFeatured: boolean().notNull().default(false),
  isPublished: boolean().notNull().default(true),
  createdAt: createdAt(),
  createdBy: createdBy(),
});

export const pages = pgTable(
  'pages',
  {
    id: serial().primaryKey(),
    title: text().notNull(),
    slug: text().notNull(),
    content: text(),
    metaDescription: text(),
    isPublished: boolean().notNull().default(false),
    /** Moves on every save; a content change names the one it read (decision 0080). */
    version: integer().notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    createdBy: createdBy(),
  },
  (table) => [uniqueIndex('pages_slug_unique').on(table.slug)],
);

export const campaigns = pgTable(
  'campaigns',
  {
    id: serial().primaryKey(),
    name: text().notNull(),
    slug: text().notNull(),
    description: text(),
    landingPageContent: text(),
    conversionGoal: text(),
    isActive: boolean().notNull().default(true),
    /** Moves on every save; a change of the landing content names the one it read (decision 0080). */
    version: integer().notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    createdBy: createdBy(),
  },
  (table) => [uniqueIndex('campaigns_slug_unique').on(table.slug)],
);

export const affiliateProducts = pgTable('affiliate_products', {
  id: serial().primaryKey(),
  name: text().notNull(),
  description: text(),
  price: numeric({ precision: 10, scale: 2 }),
  affiliateLink: text().notNull(),
  vendor: text(),
  category: text(),
  commissionRate: numeric({ precision: 5, scale: 2 }),
  featuredImageUrl: text(),
  isActive: boolean().notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  createdBy: createdBy(),
});

/** Campaign landing-page visits per UTC day (bots not counted), for the admin's 30-day figures (issue 12). */
export const campaignDailyVisits = pgTable(
  'campaign_daily_visits',
  {
    campaignId: integer()
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    day: date({ mode: 'string' }).notNull(),
    visits: integer().notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.campaignId, table.day] })],
);

/** Who was counted for a campaign on a day (the day's visitor key, lib/visitor-key.ts): one visit each. */
export const campaignVisitors = pgTable(
  'campaign_visitors',
  {
    campaignId: integer()
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    day: date({ mode: 'string' }).notNull(),
    visitorHash: text().notNull(),
  },
  (table) => [primaryKey({ columns: [table.campaignId, table.day, table.visitorHash] })],
);

/** Clicks through /go/{productId} per UTC day (bots not counted), for the admin's 30-day figures (issue 12). */
export const affiliateProductDailyClicks = pgTable(
  'affiliate_product_daily_clicks',
  {
    productId: integer()
      .notNull()
      .references(() => affiliateProducts.id, { onDelete: 'cascade' }),
    day: date({ mode: 'string' }).notNull(),
    clicks: integer().notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.productId, table.day] })],
);

/** Who was counted clicking through a product on a day (the day's visitor key): one click each. */
export const affiliateProductClickVisitors = pgTable(
  'affiliate_product_click_visitors',
  {
    productId: integer()
      .notNull()
      .references(() => affiliateProducts.id, { onDelete: 'cascade' }),
    day: date({ mode: 'string' }).notNull(),
    visitorHash: text().notNull(),
  },
  (table) => [primaryKey({ columns: [table.productId, table.day, table.visitorHash] })],
);

export const helpConfig = pgTable('help_config', {
  id: serial().primaryKey(),
  videoUrl: text().notNull(),
  videoTitle: text(),
  videoDescription: text(),
  updatedAt: updatedAt(),
  updatedBy: integer().references(() => users.id, { onDelete: 'set null' }),
});

/** Each captcha solution is accepted once (docs/architecture.md §5); rows expire with the challenge. */
export const captchaUses = pgTable(
  'captcha_uses',
  {
    signatureHash: text().primaryKey(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [index('captcha_uses_expires_idx').on(table.expiresAt)],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    actorUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    actorClientId: text(),
    /**
     * Who acted, as `Actor.kind` at the time: `user`, `client` or `anonymous` (a visitor following an e-mailed link,
     * or a roll-up). Kept because `actor_user_id` becomes null when the user is deleted, and a deleted user is not
     * a visitor (issue 26 §3).
     */
    actorKind: text(),
    /** The visitor's two-letter country when the request told it (trusted proxy header or GEOIP_DB). */
    actorCountry: text(),
    action: text().notNull(),
    entity: text().notNull(),
    entityId: text(),
    details: jsonb(),
    ipAddress: text(),
    userAgent: text(),
    /**
     * Set on a roll-up row (decision 0022): anonymous events (failed sign-ins, sign-ups) add to one row per kind
     * per hour, found by this key, instead of one row each, so nobody can flood the log.
     */
    rollupKey: text(),
    createdAt: createdAt(),
  },
  (table) => [
    index('audit_log_entity_idx').on(table.entity, table.entityId),
    index('audit_log_created_at_idx').on(table.createdAt.desc()),
    uniqueIndex('audit_log_rollup_key_unique').on(table.rollupKey),
  ],
);

/**
 * Failed sign-ins per address (issue 23 §7), keyed by an HMAC of the lower-cased e-mail whether or not it has
 * an account, so the back-off itself tells nothing. Cleared by a successful sign-in.
 */
export const signInFailures = pgTable('sign_in_failures', {
  emailHash: text().primaryKey(),
  failures: integer().notNull().default(0),
  lastFailedAt: timestamp({ withTimezone: true }).notNull(),
  /** No password is checked for this address before then. */
  blockedUntil: timestamp({ withTimezone: true }),
  /** When the owner was last told of a burst of failures (one notice a day at most). */
  notifiedAt: timestamp({ withTimezone: true }),
});

/**
 * Raw bytes (PostgreSQL `bytea`), as a Buffer on both drivers. Sent as bytea's hex text: PGlite's own encoding of a
 * Uint8Array parameter took about 70 bytes of heap per byte (a 5 MB upload crashed the 192 MB heap; issue 23 §1).
 */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) => sql`decode(${value.toString('hex')}, 'hex')`,
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * Blog image uploads (decision 0017): kept in the database so every instance serves every upload, with no
 * shared volume. The name (32 hex characters and an extension) is the URL; the content never changes.
 */
export const uploads = pgTable('uploads', {
  name: text().primaryKey(),
  contentType: text().notNull(),
  size: integer().notNull(),
  sha256: text().notNull(),
  data: bytea().notNull(),
  createdAt: createdAt(),
  createdBy: createdBy(),
});

/**
 * Site analytics (issue 40, decision 0066). The salt of the day's visitor hash: random, one row per UTC day, the
 * older rows deleted as a new day's is made, so a visitor's hash cannot be recomputed or linked across days.
 */
export const analyticsSalts = pgTable('analytics_salts', {
  day: date({ mode: 'string' }).primaryKey(),
  salt: text().notNull(),
});

/**
 * One counted event: a page view, a page not found, or a download click. No IP address and no User-Agent: the
 * visitor is the day's salted hash, the device and browser the classes parsed from the User-Agent at count time.
 * Kept 30 days (jobs/analytics-maintenance.ts); the roll-ups below are kept for ever.
 */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    at: timestamp({ withTimezone: true }).notNull(),
    /** 'view' | 'not_found' | 'download' */
    kind: text().notNull(),
    visitorHash: text().notNull(),
    path: text().notNull(),
    referrerDomain: text(),
    utmSource: text(),
    utmMedium: text(),
    utmCampaign: text(),
    country: text(),
    /** 'desktop' | 'mobile' | 'tablet' */
    device: text().notNull(),
    browser: text().notNull(),
    /** Counted by the roll-ups (decision 0071): set by the roll-up job, every minute, in the statement that adds it. */
    rolled: boolean().notNull().default(false),
  },
  (table) => [
    index('analytics_events_at_idx').on(table.at),
    index('analytics_events_visitor_at_idx').on(table.visitorHash, table.at),
    // The events the roll-ups do not count yet: a minute's, so the job and every read find them at once.
    index('analytics_events_pending_idx').on(table.at).where(sql`not ${table.rolled}`),
  ],
);

/**
 * The dashboard's roll-up (decisions 0068, 0071, 0082): per UTC day, kind and one dimension (`dim`: total, page, entry,
 * source, campaign, referrer, country, device, browser) the visits, views, one-view visits and summed visit durations
 * (kind `download`: the funnel's download clicks per source, campaign and entry, as visits and views),
 * unfiltered, under `source`, `country` or both ('' = not filtered), and the visit dimensions under a `page` filter
 * alone (the visits' views of that page; for downloads, the visit's entry page), so a dashboard read is a range of
 * this primary key. A visit is one visitor's views of one day (its hash lives one day), so days add up exactly.
 * Brought up to the events written every minute (jobs/analytics-maintenance.ts, decision 0071), kept for ever.
 */
export const analyticsDaily = pgTable(
  'analytics_daily',
  {
    kind: text().notNull(),
    dim: text().notNull(),
    page: text().notNull().default(''),
    source: text().notNull(),
    country: text().notNull(),
    day: date({ mode: 'string' }).notNull(),
    value: text().notNull(),
    visits: integer().notNull(),
    views: integer().notNull(),
    bounces: integer().notNull(),
    durationMs: bigint({ mode: 'number' }).notNull(),
  },
  (table) => [
    // No index on `day` alone: the planner took it over this key for 30-day reads (2.7 M rows filtered for 9,000).
    primaryKey({ name: 'analytics_daily_pk', columns: [table.kind, table.dim, table.page, table.source, table.country, table.day, table.value] }),
  ],
);

/** Download clicks per UTC day under their visit's source, campaign, entry page and country (the funnel's last step). */
export const analyticsDownloadsDaily = pgTable(
  'analytics_downloads_daily',
  {
    day: date({ mode: 'string' }).notNull(),
    source: text().notNull(),
    campaign: text(),
    entryPath: text(),
    country: text(),
    downloads: integer().notNull(),
  },
  // One row per day and attribution (nulls equal), which the roll-up job adds to.
  (table) => [unique('analytics_downloads_daily_key').on(table.day, table.source, table.campaign, table.entryPath, table.country).nullsNotDistinct()],
);

/** One size of an uploaded image (decision 0065): the stored object's key (content-hashed), its box and format. */
export interface ImageVariant {
  key: string;
  width: number;
  height: number;
  format: 'avif' | 'webp' | 'jpeg' | 'png' | 'gif';
}

/**
 * What is known of an uploaded image (decision 0065): the original's box, and its sizes once the image job has made
 * them (`variants` empty and `processedAt` null until then). The bytes of the original and of every size are objects
 * of the upload store (`uploads` today); this row is the index that stays in the database whatever the store.
 */
export const uploadImages = pgTable('upload_images', {
  name: text().primaryKey(),
  width: integer().notNull(),
  height: integer().notNull(),
  format: text().notNull(),
  variants: jsonb().$type<ImageVariant[]>().notNull().default([]),
  /** The 1200×630 crop for Open Graph cards; null until made, or for an image too small to crop. */
  socialKey: text(),
  processedAt: timestamp({ withTimezone: true }),
  createdAt: createdAt(),
});

/**
 * Webhook endpoints (issue 41, decision 0063). The signing secret is sealed at rest (lib/sealed.ts, like the TOTP
 * secret): it must be read back to sign. After a rotation the previous secret keeps signing until its expiry (24 h).
 */
export const webhookEndpoints = pgTable('webhook_endpoints', {
  id: serial().primaryKey(),
  url: text().notNull(),
  description: text().notNull().default(''),
  events: text().array().notNull(),
  enabled: boolean().notNull().default(true),
  secretSealed: text().notNull(),
  previousSecretSealed: text(),
  previousSecretExpiresAt: timestamp({ withTimezone: true }),
  /** The first failed attempt since the last success; three days of it disable the endpoint. */
  failingSince: timestamp({ withTimezone: true }),
  disabledAt: timestamp({ withTimezone: true }),
  createdBy: createdBy(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** The events outbox: stored with (or right after) the change it reports, before anything leaves the server. */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    /** `msg_…`: the `webhook-id` header, the same on every attempt and replay. */
    id: text().primaryKey(),
    type: text().notNull(),
    payload: jsonb().notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('webhook_events_created_idx').on(table.createdAt)],
);

/** One delivery of one event to one endpoint (a replay is a new delivery of the same event). */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    eventId: text()
      .notNull()
      .references(() => webhookEvents.id, { onDelete: 'cascade' }),
    endpointId: integer()
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    status: text({ enum: ['pending', 'sending', 'delivered', 'failed'] }).notNull().default('pending'),
    attempts: integer().notNull().default(0),
    responseStatus: integer(),
    responseSnippet: text(),
    durationMs: integer(),
    nextAttemptAt: timestamp({ withTimezone: true }),
    lastAttemptAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index('webhook_deliveries_endpoint_idx').on(table.endpointId, table.id),
    index('webhook_deliveries_due_idx').on(table.status, table.nextAttemptAt),
  ],
);

/**
 * Every attempt of a webhook delivery (issue 41 §5, decision 0067), written in the same statement as the delivery
 * row's outcome. Pruned with its delivery (30 days, by cascade).
 */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    deliveryId: bigint({ mode: 'number' })
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    /** 1 for the first attempt of the delivery. */
    attempt: integer().notNull(),
    attemptedAt: timestamp({ withTimezone: true }).notNull(),
    /** The HTTP status; null when no answer came (refused, timed out, connection failed). */
    responseStatus: integer(),
    durationMs: integer().notNull(),
    /** The first bytes of the answer (at most 4 KB are read). */
    responseSnippet: text(),
    /** Why the attempt had no answer: an address refusal, a timeout, a failed connection. */
    error: text(),
    /** When the attempt after this one was scheduled (null: delivered, or given up). */
    nextAttemptAt: timestamp({ withTimezone: true }),
  },
  (table) => [index('webhook_attempts_delivery_idx').on(table.deliveryId, table.attempt)],
);
