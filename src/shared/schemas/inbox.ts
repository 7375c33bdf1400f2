import { z } from 'zod';
import { pagingQuery } from './paging.ts';

/**
 * The admin inbox (issue 10 §7): feedback and contact messages, read in the product. A message is named by its
 * kind and its id in that kind's table (`feedback` / `contact`).
 */
export const INBOX_MESSAGE_TYPES = ['feedback', 'contact'] as const;
export const InboxMessageTypeSchema = z.enum(INBOX_MESSAGE_TYPES);
export type InboxMessageType = z.infer<typeof InboxMessageTypeSchema>;

export const INBOX_VIEWS = ['inbox', 'archived'] as const;
export const INBOX_PREVIEW_LENGTH = 160;

export const InboxListQuerySchema = z.object({
  /** `inbox` (default): not archived; `archived`: archived only. */
  view: z.enum(INBOX_VIEWS).default('inbox'),
  type: InboxMessageTypeSchema.optional(),
  ...pagingQuery(50),
});
export type InboxListParams = z.output<typeof InboxListQuerySchema>;
export type InboxListQuery = Partial<InboxListParams>;

export const InboxMessageParamsSchema = z.object({
  type: InboxMessageTypeSchema,
  id: z.coerce.number().int().positive('Message id must be a positive number').max(2_147_483_647),
});
export type InboxMessageParams = z.output<typeof InboxMessageParamsSchema>;

export const InboxMessageSummarySchema = z.object({
  type: InboxMessageTypeSchema,
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  /** The start of the message, at most 160 characters. */
  preview: z.string(),
  isRead: z.boolean(),
  isArchived: z.boolean(),
  createdAt: z.string(),
});
export type InboxMessageSummary = z.infer<typeof InboxMessageSummarySchema>;

export const InboxMessageSchema = InboxMessageSummarySchema.extend({
  message: z.string(),
  /** Contact messages only. */
  company: z.string().nullable(),
});
export type InboxMessage = z.infer<typeof InboxMessageSchema>;

export const InboxListResponseSchema = z.object({
  messages: z.array(InboxMessageSummarySchema),
  total: z.number().int().describe('Messages in this view and type, ignoring limit and offset'),
});
export type InboxListResponse = z.infer<typeof InboxListResponseSchema>;

export const UpdateInboxMessageSchema = z
  .object({ isRead: z.boolean().optional(), isArchived: z.boolean().optional() })
  .strict()
  .refine((value) => value.isRead !== undefined || value.isArchived !== undefined, { message: 'Nothing to change: send isRead or isArchived' });
export type UpdateInboxMessage = z.infer<typeof UpdateInboxMessageSchema>;

export const UnreadCountSchema = z.object({ unread: z.number().int() });
export type UnreadCount = z.infer<typeof UnreadCountSchema>;
