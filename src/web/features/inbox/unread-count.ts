/** Entry for the site shell (root.tsx): the unread inbox count of the admin menu, without the inbox screen's code. */
export { useInboxUnreadCount } from './api/unread-count';
