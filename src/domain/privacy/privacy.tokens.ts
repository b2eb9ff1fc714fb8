export const CONSENT_REPOSITORY = Symbol.for('privacy.ConsentRepository');
export const CONSENTS_SERVICE = Symbol.for('privacy.ConsentsService');
