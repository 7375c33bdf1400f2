/** The admin inbox (issue 10 §7): routes import from here only (the shell's unread count: `./unread-count`). */
export { inboxQueryKey, useInbox, useInboxMessage, useUpdateInboxMessage } from './api/inbox';
export { inboxUnreadQueryKey, useInboxUnreadCount } from './api/unread-count';
export { InboxScreen, replyHref } from './components/inbox-screen';
