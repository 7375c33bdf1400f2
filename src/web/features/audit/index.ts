/** The audit log screen (issue 10 §5): routes import from here only. */
export { auditLogQueryKey, useAuditLog } from './api/get-audit-log';
export { AuditScreen, entityHref } from './components/audit-screen';
