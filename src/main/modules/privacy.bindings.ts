import { ContainerModule } from 'inversify';
import { ConsentsService } from '../../domain/privacy/consents.service';
import { PrivacyRequestsService } from '../../domain/privacy/privacy-requests.service';
import {
  AUDIT_TRAIL,
  CONSENT_REPOSITORY,
  CONSENTS_SERVICE,
  PRIVACY_REQUEST_REPOSITORY,
  PRIVACY_REQUESTS_SERVICE,
  SUBJECT_DATA_REPOSITORY,
} from '../../domain/privacy/privacy.tokens';
import { KnexAuditTrail } from '../../infrastructure/privacy/knex-audit-trail';
import { KnexConsentRepository } from '../../infrastructure/privacy/knex-consent.repository';
import { KnexPrivacyRequestRepository } from '../../infrastructure/privacy/knex-privacy-request.repository';
import { KnexSubjectDataRepository } from '../../infrastructure/privacy/knex-subject-data.repository';

export const privacyModule = new ContainerModule(({ bind }) => {
  bind(CONSENT_REPOSITORY).to(KnexConsentRepository).inSingletonScope();
  bind(PRIVACY_REQUEST_REPOSITORY).to(KnexPrivacyRequestRepository).inSingletonScope();
  bind(SUBJECT_DATA_REPOSITORY).to(KnexSubjectDataRepository).inSingletonScope();
  bind(AUDIT_TRAIL).to(KnexAuditTrail).inSingletonScope();
  bind(CONSENTS_SERVICE).to(ConsentsService).inSingletonScope();
  bind(PRIVACY_REQUESTS_SERVICE).to(PrivacyRequestsService).inSingletonScope();
});
