// The platform's use cases take the shared writer from here.
export { recordAudit, type AuditEntry } from '../../lib/db/audit.queries.js';
