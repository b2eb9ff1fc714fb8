import { AppError } from '../shared/app-error';
import type { ConsentChannel } from './consent';

export class PrivacyRequestNotFoundError extends AppError {
  constructor() {
    super('PRIVACY.REQUEST_NOT_FOUND', 'Privacy request not found');
  }
}

/** 409: an anonymized contact stays so (nothing of it can be changed, nor anonymized again). */
export class AlreadyAnonymizedError extends AppError {
  constructor(at: Date) {
    super('PRIVACY.ALREADY_ANONYMIZED', `This contact was anonymized on ${at.toISOString()}: it cannot be changed`, {
      anonymizedAt: at.toISOString(),
    });
  }
}

/** 409: the contact's latest record for the channel is a revocation. */
export class ConsentRevokedError extends AppError {
  constructor(channel: ConsentChannel, since: Date) {
    super('PRIVACY.CONSENT_REVOKED', `The contact revoked consent to ${channel} on ${since.toISOString()}`, {
      channel,
      since: since.toISOString(),
    });
  }
}
