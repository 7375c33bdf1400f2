/**
 * The published OpenAPI document is true (issue 25, decision 0028). One app, one database:
 * - Fastify's route table and the document list the same API operations (served ⇔ documented);
 * - every documented operation is called validly, with each credential style it declares (reads) or the first one
 *   (writes), and its status and body are validated against the documented response with ajv;
 * - every JSON write is sent an unknown field (400 naming it, or accepted where the document says so) and a body
 *   that is not an object (the documented 400 and error schema).
 * An operation added to the document without a call here fails the test: add its call to `CALLS`.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { get as httpGet, type IncomingMessage } from 'node:http';
import path from 'node:path';
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import openapiTS, { astToString } from 'openapi-typescript';
import { Secret, TOTP } from 'otpauth';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solveCaptcha } from '../../../../tests/fixtures/captcha.ts';
import { openJotStream } from '../../../../tests/fixtures/jot-stream.ts';
import { createTestApp, type TestApp } from '../../../../tests/fixtures/test-app.ts';
import { createClient, createKey, type TestKey } from '../../../../tests/fixtures/test-kit.ts';
import { testDatabaseKind } from '../../../../tests/fixtures/test-database.ts';
import { SoftAuthenticator } from '../../../../tests/fixtures/webauthn.ts';
import { createTestAdmin, createTestUser, type TestUser } from '../../../../tests/fixtures/users.ts';
import { encryptLegacy, encryptV2 } from '../../../shared/jot-crypto.ts';
import { authTokens, staffInvitations } from '../../db/schema.ts';
import { MAX_PATH_PARAM_LENGTH } from '../../lib/openapi.ts';
import { hashSecret } from '../../lib/secrets.ts';

type Json = Record<string, unknown>;
type Schema = Json;
interface Operation {
  operationId: string;
  security?: Array<Record<string, string[]>>;
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
}
interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas?: Record<string, Schema> };
}

/** What one call sends; `status` when a valid call cannot answer the 2xx (said why where it is set). */
interface Call {
  params?: Record<string, string | number>;
  query?: Record<string, string>;
  body?: unknown;
  multipart?: { name: string; type: string; data: Buffer };
  /** An `application/x-www-form-urlencoded` body (what mail clients and plain HTML forms post). */
  form?: Record<string, string>;
  status?: number;
}

interface Context {
  admin: TestUser;
  key: TestKey;
  ids: Record<string, string | number>;
  captcha(): Promise<string>;
  json(method: string, url: string, body?: unknown): Promise<Json>;
  lastId(url: string, key?: string): Promise<number>;
}

// A 1×1 transparent PNG: the upload route checks the content, not the name.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const UNIQUE = randomUUID().slice(0, 8);
/** An injected request's host is `localhost:80`, so its WebAuthn origin is `http://localhost`. */
const PASSKEY_CEREMONY = { origin: 'http://localhost' };
const contractPasskey = new SoftAuthenticator();
const totpCode = (secret: string) => new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate();

/** The contract post's version as read now: a save sends it back (decision 0064). */
const postVersion = async (ctx: Context) => (await ctx.json('GET', `/api/blog-posts/${ctx.ids.postBlogPosts}`)).version as number;

/** Operations that answer an endless event stream: their status and type are read, then the connection is closed. */
const EVENT_STREAMS = new Set(['getAdminAnalyticsLiveStream', 'getBlogPostsByIdPresence', 'getPagesByIdPresence', 'getCampaignsByIdPresence']);

/** A page's or campaign's version as read now: a change of its content sends it back (decision 0080). */
const documentVersion = async (ctx: Context, path: string) => (await ctx.json('GET', path)).version as number;

/** A valid call per operation, in the order they run (creations first, deletions last). */
const CALLS: Record<string, (ctx: Context) => Call | Promise<Call>> = {
  getCaptchaChallenge: () => ({}),
  postAuthSignup: async (ctx) => ({ body: { email: `signup-${UNIQUE}@example.com`, password: 'secret-password', captcha: await ctx.captcha() } }),
  postAuthSignin: async (ctx) => ({ body: { email: ctx.admin.email, password: ctx.admin.password, captcha: await ctx.captcha() } }),
  getAuthValidate: () => ({}),
  getAuthSessions: () => ({}),
  postSendConfirmationEmail: () => ({ body: { email: `signup-${UNIQUE}@example.com` } }),
  postAuthConfirm: (ctx) => ({ body: { token: ctx.ids.confirmToken } }),
  postAuthForgotPassword: async (ctx) => ({ body: { email: ctx.admin.email, captcha: await ctx.captcha() } }),
  postAuthResetPassword: (ctx) => ({ body: { token: ctx.ids.resetToken, password: 'new-secret-password' } }),
  postUsers: () => ({ body: { username: `made-${UNIQUE}`, email: `made-${UNIQUE}@example.com`, password: 'secret-password' } }),
  getUsers: () => ({ query: { limit: '200' } }),
  patchUsersById: (ctx) => ({ params: { id: ctx.ids.postUsers! }, body: { username: `renamed-${UNIQUE}` } }),
  postUsersBulk: (ctx) => ({ body: { action: 'approve', ids: [ctx.ids.postUsers] } }),
  postUsersByIdUnblockSignIn: (ctx) => ({ params: { id: ctx.ids.postUsers! } }),
  postStaffInvitations: () => ({ body: { email: `staff-${UNIQUE}@example.com`, role: 'editor' } }),
  getStaffInvitations: () => ({}),
  postStaffInvitationsLookup: (ctx) => ({ body: { token: ctx.ids.staffInvitationToken } }),
  postStaffInvitationsAccept: (ctx) => ({ body: { token: ctx.ids.staffInvitationToken, password: 'new-secret-password' } }),
  postBuildGuids: () => ({ body: { name: `contract-${UNIQUE}`, value: 'contract-secret' } }),
  getBuildGuids: () => ({}),
  putBuildGuidsById: (ctx) => ({ params: { id: ctx.ids.postBuildGuids! }, body: { name: `contract-${UNIQUE}`, value: 'other-secret' } }),
  postClients: () => ({ body: { name: 'Contract client' } }),
  // A public address literal: the SSRF check needs no DNS, and no worker runs here to deliver to it.
  postWebhooksEndpoints: () => ({ body: { url: 'https://93.184.215.14/contract', events: ['lead.created'], description: 'Contract' } }),
  getWebhooksEndpoints: () => ({}),
  patchWebhooksEndpointsById: (ctx) => ({ params: { id: ctx.ids.postWebhooksEndpoints! }, body: { description: 'Renamed' } }),
  postWebhooksEndpointsByIdRotateSecret: (ctx) => ({ params: { id: ctx.ids.postWebhooksEndpoints! } }),
  postWebhooksEndpointsByIdTest: (ctx) => ({ params: { id: ctx.ids.postWebhooksEndpoints! } }),
  getWebhooksEndpointsByIdDeliveries: (ctx) => ({ params: { id: ctx.ids.postWebhooksEndpoints! }, query: { status: 'pending' } }),
  getWebhooksEndpointsByIdDeliveriesByDeliveryIdAttempts: (ctx) => ({ params: { id: ctx.ids.postWebhooksEndpoints!, deliveryId: ctx.ids.postWebhooksEndpointsByIdTest! } }),
  postWebhooksEndpointsByIdDeliveriesByDeliveryIdReplay: (ctx) => ({ params: { id: ctx.ids.postWebhooksEndpoints!, deliveryId: ctx.ids.postWebhooksEndpointsByIdTest! } }),
  postWebhooksEndpointsByIdReplayFailed: (ctx) => ({ params: { id: ctx.ids.postWebhooksEndpoints! }, body: { since: '2026-01-01T00:00:00.000Z' } }),
  // Site analytics (issue 40): the beacon, then the owner's and admin's reads of what it counted.
  postAnalyticsEvent: () => ({ body: { path: '/blog?utm_source=contract', referrer: 'https://example.com/' } }),
  getAdminAnalyticsSummary: () => ({ query: { from: '2026-01-01', to: '2026-01-31' } }),
  getAdminAnalyticsListsByList: () => ({ params: { list: 'pages' } }),
  getAdminAnalyticsListsByListCsv: () => ({ params: { list: 'sources' }, query: { country: 'US' } }),
  getAdminAnalyticsLive: () => ({}),
  getAdminAnalyticsLiveStream: () => ({}),
  getAdminAnalyticsFunnel: () => ({ query: { by: 'campaign' } }),
  getClients: () => ({}),
  patchClientsById: (ctx) => ({ params: { id: ctx.ids.postClients! }, body: { name: 'Renamed client' } }),
  postLegacyJots: (ctx) => ({ body: { payload: encryptLegacy({ text: 'legacy jot' }, ctx.key.value), buildGuidName: ctx.key.name } }),
  postV1Jots: (ctx) => ({ body: { payload: encryptLegacy({ text: 'v1 jot' }, ctx.key.value), buildGuidName: ctx.key.name } }),
  postV2Jots: (ctx) => ({ body: { payload: encryptV2({ text: 'v2 jot', appVersion: '1.5.0' }, ctx.key.name, ctx.key.value) } }),
  getJotsCount: () => ({}),
  getJots: () => ({ query: { limit: '5' } }),
  getJotsStream: () => ({}),
  postJotsSearch: () => ({ body: { field: 'AppVersion', value: '1.5.0' } }),
  postLegacyJotsSearch: () => ({ body: { field: 'AppVersion', value: '1.5.0' } }),
  postTestJot: (ctx) => ({ body: { content: 'From the contract test', buildGuidName: ctx.key.name } }),
  postLeads: async (ctx) => ({ body: { firstName: 'Lee', email: `lead-${UNIQUE}@example.com`, source: 'contract', captcha: await ctx.captcha() } }),
  postProWaitlist: async (ctx) => ({ body: { email: `pro-${UNIQUE}@example.com`, captcha: await ctx.captcha() } }),
  getLeads: () => ({}),
  getLeadsSources: () => ({}),
  getLeadsExportCsv: () => ({}),
  getLeadsById: (ctx) => ({ params: { id: ctx.ids.lead! } }),
  postLeadsByIdRetrySync: (ctx) => ({ params: { id: ctx.ids.lead! } }),
  putLeadsByIdSubscription: (ctx) => ({ params: { id: ctx.ids.lead! }, body: { unsubscribed: true } }),
  // A mail client's RFC 8058 one-click POST: no body, the token in the link.
  postUnsubscribe: (ctx) => ({ query: { t: String(ctx.ids.unsubscribeToken) }, form: { 'List-Unsubscribe': 'One-Click' } }),
  postConfirmSubscription: (ctx) => ({ query: { t: String(ctx.ids.confirmToken2) }, form: {} }),
  getAdminEmails: () => ({}),
  postBanners: () => ({ body: { title: 'Contract', message: 'A banner' } }),
  getBannersActive: () => ({}),
  getBanners: () => ({}),
  patchBannersById: (ctx) => ({ params: { id: ctx.ids.postBanners! }, body: { message: 'Changed' } }),
  postFaqs: () => ({ body: { question: 'Contract?', answer: 'Yes.' } }),
  getFaqs: () => ({ query: { published: 'true' } }),
  patchFaqsById: (ctx) => ({ params: { id: ctx.ids.postFaqs! }, body: { answer: 'Still yes.' } }),
  postFaqsReorder: async (ctx) => ({ body: { ids: ((await ctx.json('GET', '/api/faqs')) as unknown as Json[]).map((faq) => faq.id) } }),
  putHelpConfig: () => ({ body: { videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', videoTitle: 'Tour' } }),
  getHelpConfig: () => ({}),
  postFeedback: async (ctx) => ({ body: { name: 'Fay', email: 'fay@example.com', subject: 'Hi', message: 'Feedback text', captcha: await ctx.captcha() } }),
  postSendInvitationEmail: async (ctx) => ({
    body: { senderName: 'Sam', senderEmail: 'sam@example.com', recipientName: 'Ray', recipientEmail: `ray-${UNIQUE}@example.com`, captcha: await ctx.captcha() },
  }),
  postContact: async (ctx) => ({ body: { name: 'Cat', email: 'cat@example.com', subject: 'Hello', message: 'Contact text', captcha: await ctx.captcha() } }),
  postBlogCategories: () => ({ body: { name: `Contract ${UNIQUE}` } }),
  getBlogCategories: () => ({}),
  patchBlogCategoriesById: (ctx) => ({ params: { id: ctx.ids.postBlogCategories! }, body: { description: 'Changed' } }),
  postBlogTags: () => ({ body: { name: `tag-${UNIQUE}` } }),
  getBlogTags: () => ({}),
  patchBlogTagsById: (ctx) => ({ params: { id: ctx.ids.postBlogTags! }, body: { name: `tag2-${UNIQUE}` } }),
  postBlogPosts: (ctx) => ({
    body: { title: 'Contract post', content: 'Body', category: ctx.ids.category, isPublished: true, publishedAt: '2026-01-01T00:00:00.000Z' },
  }),
  getBlogPosts: () => ({}),
  getBlogPostsById: (ctx) => ({ params: { id: ctx.ids.postBlogPosts! } }),
  postBlogAds: () => ({ body: { name: 'Ad', content: 'Buy it' } }),
  getBlogAds: () => ({}),
  patchBlogAdsById: (ctx) => ({ params: { id: ctx.ids.postBlogAds! }, body: { priority: 2 } }),
  // A post saves with its ad links and related posts in one request (issue 28 §3).
  // A save names the version it read (decision 0064).
  patchBlogPostsById: async (ctx) => ({
    params: { id: ctx.ids.postBlogPosts! },
    body: { excerpt: 'Changed', adLinks: [{ adId: ctx.ids.postBlogAds, position: 'top' }], relatedPostIds: [ctx.ids.otherPost], version: await postVersion(ctx) },
  }),
  // Revisions (issue 39): an autosave, the list, that revision, and its restore as a new save.
  postBlogPostsByIdAutosave: (ctx) => ({ params: { id: ctx.ids.postBlogPosts! }, body: { content: 'Typed, not saved' } }),
  getBlogPostsByIdRevisions: (ctx) => ({ params: { id: ctx.ids.postBlogPosts! } }),
  getBlogPostsByIdRevisionsByRevisionId: (ctx) => ({ params: { id: ctx.ids.postBlogPosts!, revisionId: ctx.ids.postBlogPostsByIdAutosave! } }),
  postBlogPostsByIdRevisionsByRevisionIdRestore: async (ctx) => ({
    params: { id: ctx.ids.postBlogPosts!, revisionId: ctx.ids.postBlogPostsByIdAutosave! },
    body: { version: await postVersion(ctx) },
  }),
  getBlogPostsByIdPresence: (ctx) => ({ params: { id: ctx.ids.postBlogPosts! } }),
  // Review (decision 0058): the admin's own draft is submitted, then withdrawn.
  postBlogPostsByIdSubmit: (ctx) => ({ params: { id: ctx.ids.otherPost! }, body: {} }),
  postBlogPostsByIdWithdraw: (ctx) => ({ params: { id: ctx.ids.otherPost! }, body: {} }),
  postBlogPostsByIdView: (ctx) => ({ params: { id: ctx.ids.postBlogPosts! } }),
  postBlogPostsByIdLike: (ctx) => ({ params: { id: ctx.ids.postBlogPosts! } }),
  deleteBlogPostsByIdLike: (ctx) => ({ params: { id: ctx.ids.postBlogPosts! } }),
  postBlogSubscribe: async (ctx) => ({ body: { email: `reader-${UNIQUE}@example.com`, captcha: await ctx.captcha() } }),
  getBlogStats: () => ({}),
  postUploads: () => ({ multipart: { name: 'pixel.png', type: 'image/png', data: PNG } }),
  getAdminStats: () => ({}),
  getInbox: () => ({}),
  getInboxUnreadCount: () => ({}),
  getInboxByTypeById: (ctx) => ({ params: { type: 'contact', id: ctx.ids.contact! } }),
  patchInboxByTypeById: (ctx) => ({ params: { type: 'contact', id: ctx.ids.contact! }, body: { isRead: true } }),
  getAuditLog: () => ({}),
  postCampaigns: () => ({ body: { name: 'Contract campaign', landingPageContent: '# Hi' } }),
  getCampaigns: () => ({}),
  getCampaignsById: (ctx) => ({ params: { id: ctx.ids.postCampaigns! } }),
  patchCampaignsById: async (ctx) => ({
    params: { id: ctx.ids.postCampaigns! },
    body: { conversionGoal: 'Sign-ups', version: await documentVersion(ctx, `/api/campaigns/${ctx.ids.postCampaigns}`) },
  }),
  // Revisions (decision 0080): an autosave, the list, that revision, and its restore as a new save.
  getCampaignsByIdPresence: (ctx) => ({ params: { id: ctx.ids.postCampaigns! } }),
  postCampaignsByIdAutosave: (ctx) => ({ params: { id: ctx.ids.postCampaigns! }, body: { landingPageContent: 'Typed, not saved' } }),
  getCampaignsByIdRevisions: (ctx) => ({ params: { id: ctx.ids.postCampaigns! } }),
  getCampaignsByIdRevisionsByRevisionId: (ctx) => ({ params: { id: ctx.ids.postCampaigns!, revisionId: ctx.ids.postCampaignsByIdAutosave! } }),
  postCampaignsByIdRevisionsByRevisionIdRestore: async (ctx) => ({
    params: { id: ctx.ids.postCampaigns!, revisionId: ctx.ids.postCampaignsByIdAutosave! },
    body: { version: await documentVersion(ctx, `/api/campaigns/${ctx.ids.postCampaigns}`) },
  }),
  postAffiliateProducts: () => ({ body: { name: 'Pen', affiliateLink: 'https://vendor.example/pen', price: '9.99' } }),
  getAffiliateProducts: () => ({}),
  getAffiliateProductsById: (ctx) => ({ params: { id: ctx.ids.postAffiliateProducts! } }),
  patchAffiliateProductsById: (ctx) => ({ params: { id: ctx.ids.postAffiliateProducts! }, body: { isActive: true } }),
  postTestimonials: () => ({ body: { customerName: 'Bo', testimonialText: 'Great', isPublished: true } }),
  getTestimonials: () => ({ query: { published: 'true' } }),
  getTestimonialsById: (ctx) => ({ params: { id: ctx.ids.postTestimonials! } }),
  patchTestimonialsById: (ctx) => ({ params: { id: ctx.ids.postTestimonials! }, body: { rating: 5 } }),
  postPages: () => ({ body: { title: 'Contract page', isPublished: true } }),
  getPages: () => ({ query: { published: 'true' } }),
  getPagesById: (ctx) => ({ params: { id: ctx.ids.pageSlug! } }),
  patchPagesById: async (ctx) => ({
    params: { id: ctx.ids.postPages! },
    body: { metaDescription: 'Changed', version: await documentVersion(ctx, `/api/pages/${ctx.ids.postPages}`) },
  }),
  getPagesByIdPresence: (ctx) => ({ params: { id: ctx.ids.postPages! } }),
  postPagesByIdAutosave: (ctx) => ({ params: { id: ctx.ids.postPages! }, body: { content: 'Typed, not saved' } }),
  getPagesByIdRevisions: (ctx) => ({ params: { id: ctx.ids.postPages! } }),
  getPagesByIdRevisionsByRevisionId: (ctx) => ({ params: { id: ctx.ids.postPages!, revisionId: ctx.ids.postPagesByIdAutosave! } }),
  postPagesByIdRevisionsByRevisionIdRestore: async (ctx) => ({
    params: { id: ctx.ids.postPages!, revisionId: ctx.ids.postPagesByIdAutosave! },
    body: { version: await documentVersion(ctx, `/api/pages/${ctx.ids.postPages}`) },
  }),
  // Deletions last.
  postLeadsBulk: (ctx) => ({ body: { action: 'retry_sync', ids: [ctx.ids.lead] } }),
  deleteLeadsById: (ctx) => ({ params: { id: ctx.ids.lead! } }),
  deleteHelpConfig: () => ({}),
  deleteFaqsById: (ctx) => ({ params: { id: ctx.ids.postFaqs! } }),
  deleteBannersById: (ctx) => ({ params: { id: ctx.ids.postBanners! } }),
  deleteBlogAdsById: (ctx) => ({ params: { id: ctx.ids.postBlogAds! } }),
  deleteBlogPostsById: (ctx) => ({ params: { id: ctx.ids.postBlogPosts! } }),
  deleteBlogTagsById: (ctx) => ({ params: { id: ctx.ids.postBlogTags! } }),
  deleteBlogCategoriesById: (ctx) => ({ params: { id: ctx.ids.emptyCategory! } }),
  // Two-step sign-in for the admin the calls use (decision 0053), turned off again before the deletions.
  getAuthSecondFactor: () => ({}),
  postAuthSecondFactorEnrol: () => ({ body: {} }),
  postAuthSecondFactorConfirm: async (ctx) => {
    const { secret } = await ctx.json('POST', '/api/auth/second-factor/enrol', {});
    return { body: { code: totpCode(secret as string) } };
  },
  postAuthSecondFactorRecoveryCodes: (ctx) => ({ body: { password: ctx.admin.password } }),
  postAuthSigninSecondFactor: async (ctx) => {
    const { recoveryCodes } = (await ctx.json('POST', '/api/auth/second-factor/recovery-codes', { password: ctx.admin.password })) as { recoveryCodes: string[] };
    const { challenge } = await ctx.json('POST', '/api/auth/signin', { email: ctx.admin.email, password: ctx.admin.password, captcha: await ctx.captcha() });
    return { body: { challenge, recoveryCode: recoveryCodes[0] } };
  },
  postAuthSecondFactorDisable: (ctx) => ({ body: { password: ctx.admin.password } }),
  postUsersByIdResetSecondFactor: (ctx) => ({ params: { id: ctx.ids.postUsers! } }),
  // Passkeys (decision 0057), with a software authenticator at the origin an injected request has.
  getAuthPasskeys: () => ({}),
  postAuthPasskeysRegistrationOptions: () => ({ body: {} }),
  postAuthPasskeys: async (ctx) => {
    const options = (await ctx.json('POST', '/api/auth/passkeys/registration-options', {})) as { challenge: string; user: { id: string } };
    return { body: { name: 'Contract key', response: contractPasskey.register(options, PASSKEY_CEREMONY) } };
  },
  patchAuthPasskeysById: (ctx) => ({ params: { id: ctx.ids.postAuthPasskeys! }, body: { name: 'Renamed key' } }),
  postAuthSigninPasskeyOptions: () => ({ body: {} }),
  postAuthSigninPasskey: async (ctx) => {
    const options = (await ctx.json('POST', '/api/auth/signin/passkey/options', {})) as { challenge: string };
    return { body: { response: contractPasskey.assert(options, PASSKEY_CEREMONY) } };
  },
  deleteCampaignsById: (ctx) => ({ params: { id: ctx.ids.postCampaigns! } }),
  deleteAffiliateProductsById: (ctx) => ({ params: { id: ctx.ids.postAffiliateProducts! } }),
  deleteTestimonialsById: (ctx) => ({ params: { id: ctx.ids.postTestimonials! } }),
  deletePagesById: (ctx) => ({ params: { id: ctx.ids.postPages! } }),
  deleteClientsById: (ctx) => ({ params: { id: ctx.ids.postClients! } }),
  deleteWebhooksEndpointsById: (ctx) => ({ params: { id: ctx.ids.postWebhooksEndpoints! } }),
  deleteBuildGuidsById: (ctx) => ({ params: { id: ctx.ids.postBuildGuids! } }),
  deleteUsersById: (ctx) => ({ params: { id: ctx.ids.postUsers! } }),
  deleteAuthPasskeysById: (ctx) => ({ params: { id: ctx.ids.postAuthPasskeys! } }),
  deleteStaffInvitationsById: (ctx) => ({ params: { id: ctx.ids.postStaffInvitations! } }),
  // The admin's sign-in above is a second session of the admin: ended here, not the one the calls use.
  deleteAuthSessionsById: async (ctx) => {
    const { sessions } = (await ctx.json('GET', '/api/auth/sessions')) as { sessions: Array<{ id: string; isCurrent: boolean }> };
    return { params: { id: sessions.find((session) => !session.isCurrent)!.id } };
  },
  postAuthSessionsEndOthers: () => ({ body: {} }),
  // With a session of its own (see the loop): the change renews the token that asks. createTestAdmin's password.
  postAuthPassword: () => ({ body: { currentPassword: 'password-123', password: 'changed-secret-password' } }),
  // Last, and with a session of its own (see the loop): signing out ends the session that asks.
  postAuthSignout: () => ({ body: {} }),
};

/** OpenAPI 3.0 schema → JSON Schema for ajv: `$ref`s inlined, boolean exclusive bounds turned into numbers. */
function toJsonSchema(schema: unknown, components: Record<string, Schema>): unknown {
  if (Array.isArray(schema)) return schema.map((item) => toJsonSchema(item, components));
  if (!schema || typeof schema !== 'object') return schema;
  const source = schema as Json;
  if (typeof source.$ref === 'string') return toJsonSchema(components[source.$ref.replace('#/components/schemas/', '')], components);
  const out: Json = {};
  for (const [key, value] of Object.entries(source)) {
    if (key === 'exclusiveMinimum' && typeof value === 'boolean') {
      if (value) out.exclusiveMinimum = source.minimum;
    } else if (key === 'exclusiveMaximum' && typeof value === 'boolean') {
      if (value) out.exclusiveMaximum = source.maximum;
    } else if (key === 'properties' && value && typeof value === 'object') {
      out.properties = Object.fromEntries(Object.entries(value).map(([name, property]) => [name, toJsonSchema(property, components)]));
    } else out[key] = toJsonSchema(value, components);
  }
  if (source.exclusiveMinimum === true) delete out.minimum;
  if (source.exclusiveMaximum === true) delete out.maximum;
  return out;
}

// The API and the desktop's legacy /jots paths; an API operation outside them says so (`config.isApiOperation`).
const API_PATH = /^\/(?:api|jots)(?:\/|-|$)/;

describe(`the OpenAPI document is true on ${testDatabaseKind()}`, () => {
  let testApp: TestApp;
  let document: OpenApiDocument;
  let ajv: Ajv;
  const validators = new Map<Schema, ValidateFunction>();
  let ctx: Context;
  const credentials: Record<string, Record<string, string>> = {};

  beforeAll(async () => {
    testApp = await createTestApp({ RATE_LIMIT_MULTIPLIER: '100', KIT_API_KEY: 'kit-test-key', KIT_API_URL: 'http://127.0.0.1:9' });
    const app = testApp.app;
    document = (await app.inject({ method: 'GET', url: '/docs/openapi.json' })).json<OpenApiDocument>();
    ajv = new Ajv({ strict: false, allErrors: true });
    addFormats(ajv);
    const admin = await createTestAdmin(app);
    const adminClient = await createClient(app, admin.headers, true);
    credentials.bearerAuth = admin.headers;
    credentials.clientId = { 'x-client-id': adminClient.clientId, 'x-client-secret': adminClient.secret };
    credentials.adminClientId = { 'x-admin-client-id': adminClient.clientId, 'x-admin-client-secret': adminClient.secret };
    const json = async (method: string, url: string, body?: unknown) => {
      const response = await app.inject({ method: method as 'GET', url, payload: body as Json, headers: admin.headers });
      expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
      return response.json<Json>();
    };
    ctx = {
      admin,
      key: await createKey(app, admin.headers),
      ids: {},
      captcha: () => solveCaptcha(app),
      json,
      lastId: async (url, key) => {
        const list = await json('GET', url);
        const items = (key ? list[key] : list) as Json[];
        return items[0]!.id as number;
      },
    };
    // Records the calls need that no documented call makes with a known value.
    // Signed links travel by e-mail; the test takes them from the service that signs them.
    const tokenOf = (link: string) => new URL(link).searchParams.get('t')!;
    ctx.ids.unsubscribeToken = tokenOf(app.services.unsubscribeLinks.url(`unsub-${UNIQUE}@example.com`, 'marketing'));
    ctx.ids.confirmToken2 = tokenOf(app.services.unsubscribeLinks.confirmUrl(`pro-${UNIQUE}@example.com`));
    ctx.ids.category = `Contract base ${UNIQUE}`;
    await json('POST', '/api/blog-categories', { name: ctx.ids.category });
    ctx.ids.emptyCategory = (await json('POST', '/api/blog-categories', { name: `Empty ${UNIQUE}` })).id as number;
    ctx.ids.otherPost = (await json('POST', '/api/blog-posts', { title: 'Other post', content: 'Body', category: ctx.ids.category })).id as string;
  });
  afterAll(() => testApp?.close());

  const operations = () =>
    Object.entries(document.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, operation]) => ({ path, method: method.toUpperCase(), operation })));

  const validate = (schema: Schema, value: unknown) => {
    let validator = validators.get(schema);
    if (!validator) {
      validator = ajv.compile(toJsonSchema(schema, document.components.schemas ?? {}) as object);
      validators.set(schema, validator);
    }
    return validator(value) ? null : ajv.errorsText(validator.errors);
  };

  it('documents every API route Fastify serves, and serves every documented one', () => {
    const served = new Set(
      testApp.app.servedRoutes
        .filter((route) => (API_PATH.test(route.url) || route.isApiOperation) && route.method !== 'HEAD' && route.method !== 'OPTIONS')
        .map((route) => `${route.method} ${route.url.replace(/:([A-Za-z]+)/g, '{$1}')}`),
    );
    const documented = new Set(operations().map(({ method, path }) => `${method} ${path}`));
    expect([...served].filter((route) => !documented.has(route)), 'served but not documented').toEqual([]);
    expect([...documented].filter((route) => !served.has(route)), 'documented but not served').toEqual([]);
  });

  it('routes every string path parameter up to its documented length (the router is sized for the longest)', () => {
    const lengths = operations().flatMap(({ operation }) =>
      ((operation as { parameters?: Array<{ in: string; schema: { type?: string; maxLength?: number; enum?: unknown } }> }).parameters ?? [])
        .filter((parameter) => parameter.in === 'path' && parameter.schema.type === 'string' && !parameter.schema.enum)
        .map((parameter) => parameter.schema.maxLength),
    );
    expect(lengths.length).toBeGreaterThan(0);
    // Unbounded strings would be cut by the router at an undocumented length.
    for (const length of lengths) expect(length).toBeLessThanOrEqual(MAX_PATH_PARAM_LENGTH);
    expect(Math.max(...(lengths as number[]))).toBe(MAX_PATH_PARAM_LENGTH);
  });

  it('has a call below for every documented operation, and unique camelCase operationIds', () => {
    const ids = operations().map(({ operation }) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z][A-Za-z0-9]*$/);
    expect(ids.filter((id) => !CALLS[id]), 'operations without a call in CALLS').toEqual([]);
    expect(Object.keys(CALLS).filter((id) => !ids.includes(id)), 'calls of operations no longer documented').toEqual([]);
  });

  it('answers every operation, called validly with each declared credential, with a documented status and body', async () => {
    const app = testApp.app;
    const byId = new Map(operations().map((entry) => [entry.operation.operationId, entry]));
    // Tokens travel by e-mail; the test stores them as the service does (hashed).
    const issue = async (userId: number, kind: 'confirm_email' | 'reset_password') => {
      const token = `contract-${kind}-${UNIQUE}`;
      await app.services.database.db.insert(authTokens).values({ userId, kind, tokenHash: hashSecret(token), expiresAt: new Date(Date.now() + 3_600_000) });
      return token;
    };
    const failures: string[] = [];
    let calls = 0;
    for (const [operationId, makeCall] of Object.entries(CALLS)) {
      const entry = byId.get(operationId);
      if (!entry) continue;
      const { path, method, operation } = entry;
      if (operationId === 'postAuthConfirm') {
        const signedUp = (await ctx.json('GET', `/api/users?search=signup-${UNIQUE}`)).users as Json[];
        ctx.ids.confirmToken = await issue(signedUp[0]!.id as number, 'confirm_email');
      }
      // A reset signs the user out everywhere: not the admin the other calls use.
      if (operationId === 'postAuthResetPassword') ctx.ids.resetToken = await issue((await createTestUser(app)).id, 'reset_password');
      // The invitation's link travels by e-mail: a second invitation, stored as the service stores it (hashed).
      if (operationId === 'postStaffInvitationsLookup') {
        ctx.ids.staffInvitationToken = `contract-staff-${UNIQUE}`;
        await app.services.database.db.insert(staffInvitations).values({
          email: `staff-accept-${UNIQUE}@example.com`,
          role: 'author',
          tokenHash: hashSecret(String(ctx.ids.staffInvitationToken)),
          expiresAt: new Date(Date.now() + 3_600_000),
        });
      }
      if (operationId === 'postAuthPassword' || operationId === 'postAuthSignout') credentials.bearerAuth = (await createTestAdmin(app)).headers;
      if (operationId === 'getLeadsById') ctx.ids.lead = await ctx.lastId('/api/leads', 'items');
      if (operationId === 'getInboxByTypeById') {
        const inbox = await ctx.json('GET', '/api/inbox?type=contact');
        ctx.ids.contact = (inbox.messages as Json[])[0]!.id as number;
      }
      const call = await makeCall(ctx);
      const url =
        path.replace(/\{(\w+)\}/g, (_match, name: string) => encodeURIComponent(String(call.params?.[name]))) +
        (call.query ? `?${new URLSearchParams(call.query).toString()}` : '');
      const alternatives = operation.security?.length ? operation.security : [{}];
      const tried = method === 'GET' ? alternatives : alternatives.slice(0, 1);
      for (const requirement of tried) {
        const headers = Object.assign({}, ...Object.keys(requirement).map((scheme) => credentials[scheme] ?? {})) as Record<string, string>;
        const label = `${operationId} (${Object.keys(requirement).join('+') || 'anonymous'})`;
        calls += 1;
        let status: number;
        let contentType: string;
        let text: string;
        if (operationId === 'getJotsStream') {
          const address = app.server.address();
          if (!address || typeof address === 'string') await app.listen({ port: 0, host: '127.0.0.1' });
          const port = (app.server.address() as { port: number }).port;
          const stream = await openJotStream(`http://127.0.0.1:${port}`);
          const response = 'response' in stream ? stream.response : stream;
          status = response.statusCode ?? 0;
          contentType = String(response.headers['content-type']);
          text = '';
          if ('close' in stream) stream.close();
        } else if (EVENT_STREAMS.has(operationId)) {
          // An event stream never ends: its status and type are read, then the connection is closed.
          const address = app.server.address();
          if (!address || typeof address === 'string') await app.listen({ port: 0, host: '127.0.0.1' });
          const port = (app.server.address() as { port: number }).port;
          const response = await new Promise<IncomingMessage>((resolve, reject) => {
            const request = httpGet(`http://127.0.0.1:${port}${url}`, { headers }, (answer) => {
              resolve(answer);
              request.destroy();
            });
            request.on('error', reject);
          });
          status = response.statusCode ?? 0;
          contentType = String(response.headers['content-type']);
          text = '';
        } else {
          const multipart = call.multipart;
          const boundary = `contract${UNIQUE}`;
          const payload = multipart
            ? Buffer.concat([
                Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${multipart.name}"\r\nContent-Type: ${multipart.type}\r\n\r\n`),
                multipart.data,
                Buffer.from(`\r\n--${boundary}--\r\n`),
              ])
            : call.form
              ? new URLSearchParams(call.form).toString()
              : call.body === undefined
                ? undefined
                : JSON.stringify(call.body);
          const response = await app.inject({
            method: method as 'GET',
            url,
            payload,
            headers: {
              ...headers,
              ...(multipart
                ? { 'content-type': `multipart/form-data; boundary=${boundary}` }
                : call.form
                  ? { 'content-type': 'application/x-www-form-urlencoded' }
                  : call.body === undefined
                    ? {}
                    : { 'content-type': 'application/json' }),
            },
          });
          status = response.statusCode;
          contentType = String(response.headers['content-type'] ?? '');
          text = response.body;
        }
        const expected = call.status ?? Number(Object.keys(operation.responses).find((code) => code.startsWith('2')));
        if (status !== expected) {
          failures.push(`${label} ${method} ${url}: ${status} (expected ${expected}) ${text.slice(0, 300)}`);
          continue;
        }
        const documented = operation.responses[String(status)];
        if (!documented) {
          failures.push(`${label}: ${status} is not documented`);
          continue;
        }
        if (!documented.content) {
          if (text !== '') failures.push(`${label}: ${status} documents no body but sent ${text.slice(0, 100)}`);
          continue;
        }
        const [type, media] = Object.entries(documented.content)[0]!;
        if (!contentType.startsWith(type)) failures.push(`${label}: content type ${contentType}, documented ${type}`);
        if (type === 'application/json') {
          const problem = validate(media.schema, JSON.parse(text));
          if (problem) failures.push(`${label}: body does not match the documented ${status}: ${problem}`);
        }
        if (status < 300 && requirement === tried[0] && method === 'POST' && text.startsWith('{')) {
          const created = JSON.parse(text) as Json;
          if (created.id !== undefined) ctx.ids[operationId] = created.id as number;
          if (operationId === 'postPages') ctx.ids.pageSlug = created.slug as string;
        }
      }
    }
    credentials.bearerAuth = ctx.admin.headers;
    expect(failures).toEqual([]);
    expect(calls).toBeGreaterThanOrEqual(byId.size);
  });

  it('refuses an unknown field and a body that is not an object on every JSON write, with the documented 400', async () => {
    const failures: string[] = [];
    for (const { path, method, operation } of operations()) {
      const media = operation.requestBody?.content['application/json'];
      if (!media) continue;
      const label = `${operation.operationId} ${method} ${path}`;
      const error = operation.responses['400']?.content?.['application/json']?.schema;
      if (!error) {
        failures.push(`${label}: no documented 400`);
        continue;
      }
      const url = path.replace(/\{(\w+)\}/g, (_match, name: string) => (name === 'type' ? 'contact' : name === 'id' && path.startsWith('/api/blog-posts') ? randomUUID() : '1'));
      const headers = Object.assign({ 'content-type': 'application/json' }, ...Object.keys(operation.security?.[0] ?? {}).map((scheme) => credentials[scheme] ?? {}));
      const send = (payload: string) => testApp.app.inject({ method: method as 'POST', url, payload, headers });

      const notAnObject = await send('[]');
      if (notAnObject.statusCode !== 400) failures.push(`${label}: a list as body → ${notAnObject.statusCode}`);
      else if (validate(error, notAnObject.json())) failures.push(`${label}: the 400 does not match its schema: ${notAnObject.body}`);

      const unknown = await send(JSON.stringify({ contractUnknownField: 1 }));
      const ignoresUnknown = media.schema.additionalProperties === true;
      const body = unknown.json<{ details?: Array<{ field: string; message: string }> }>();
      if (ignoresUnknown) {
        if (body.details?.some((detail) => detail.field === 'contractUnknownField')) failures.push(`${label}: documented as ignoring unknown fields, refused one`);
      } else if (unknown.statusCode !== 400 || !body.details?.some((detail) => detail.field === 'contractUnknownField' && detail.message === 'Unknown field "contractUnknownField"')) {
        failures.push(`${label}: an unknown field → ${unknown.statusCode} ${unknown.body.slice(0, 200)}`);
      } else if (media.schema.additionalProperties !== false) failures.push(`${label}: refuses unknown fields but does not document additionalProperties: false`);
    }
    expect(failures).toEqual([]);
  });

  it("generates client types with openapi-typescript that docs/api.md's openapi-fetch example compiles against under --strict", async () => {
    const root = path.resolve(import.meta.dirname, '../../../..');
    // Inside the repository, so that the example's imports (openapi-fetch, @types/node) resolve as a user's would.
    const dir = path.join(root, 'node_modules/.cache/jotit-openapi-client');
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'jotit-api.d.ts'), astToString(await openapiTS(document as never)));
    const example = /```ts\n(\/\/ jotit-client\.ts[\s\S]*?)```/.exec(readFileSync(path.join(root, 'docs/api.md'), 'utf8'))?.[1];
    expect(example, 'the openapi-fetch example in docs/api.md').toBeDefined();
    const client = path.join(dir, 'jotit-client.ts');
    writeFileSync(client, `${example}\nexport {};\n`);
    const program = ts.createProgram([client], {
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
      types: ['node'],
      typeRoots: [path.join(root, 'node_modules/@types')],
    });
    const problems = ts.getPreEmitDiagnostics(program).map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
    expect(problems).toEqual([]);
  });
});
