/** The sessions feature's public surface (issue 36 item 6): routes import from here only. */
export { getSessionsQueryOptions, useSessions } from './api/get-sessions';
export { useEndSession } from './api/end-session';
export { useEndOtherSessions } from './api/end-other-sessions';
export { SessionsCard } from './components/sessions-card';
