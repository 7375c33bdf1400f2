/** The audit log screen (issue 10 §5, issue 26 §3): routes import from here only. */
export { auditLogQueryKey, useAuditLog } from './api/get-audit-log';
export { AuditScreen } from './components/audit-screen';
export { entityHref } from './entity-href';
