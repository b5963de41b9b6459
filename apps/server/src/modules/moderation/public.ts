/** What the other modules and the sign-in use of moderation: the audit log and suspensions. */
export { appendAudit, type AuditRecord } from './audit-log.ts';
export { findSuspension } from './moderation.repository.ts';
export { showListing } from './moderation-effects.ts';
export { tellReporters, tellSellerShown } from './moderation-notices.ts';
