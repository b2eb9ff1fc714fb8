export const CONSENT_REPOSITORY = Symbol.for('privacy.ConsentRepository');
export const CONSENTS_SERVICE = Symbol.for('privacy.ConsentsService');
export const PRIVACY_REQUEST_REPOSITORY = Symbol.for('privacy.PrivacyRequestRepository');
export const SUBJECT_DATA_REPOSITORY = Symbol.for('privacy.SubjectDataRepository');
export const AUDIT_TRAIL = Symbol.for('privacy.AuditTrail');
export const PRIVACY_REQUESTS_SERVICE = Symbol.for('privacy.PrivacyRequestsService');
export const RETENTION_REPOSITORY = Symbol.for('privacy.RetentionRepository');
export const RETENTION_SERVICE = Symbol.for('privacy.RetentionService');
