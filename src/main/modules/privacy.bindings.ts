import { ContainerModule } from 'inversify';
import { ConsentsService } from '../../domain/privacy/consents.service';
import { PrivacyRequestsService } from '../../domain/privacy/privacy-requests.service';
import { RetentionService } from '../../domain/privacy/retention.service';
import { JOB_PROCESSOR } from '../../domain/shared/shared.tokens';
import {
  AUDIT_TRAIL,
  CONSENT_REPOSITORY,
  CONSENTS_SERVICE,
  PRIVACY_REQUEST_REPOSITORY,
  PRIVACY_REQUESTS_SERVICE,
  RETENTION_REPOSITORY,
  RETENTION_SERVICE,
  SUBJECT_DATA_REPOSITORY,
} from '../../domain/privacy/privacy.tokens';
import { KnexAuditTrail } from '../../infrastructure/privacy/knex-audit-trail';
import { KnexConsentRepository } from '../../infrastructure/privacy/knex-consent.repository';
import { KnexPrivacyRequestRepository } from '../../infrastructure/privacy/knex-privacy-request.repository';
import { KnexRetentionRepository } from '../../infrastructure/privacy/knex-retention.repository';
import { KnexSubjectDataRepository } from '../../infrastructure/privacy/knex-subject-data.repository';
import { ScanRetentionProcessor } from '../../jobs/privacy/scan-retention.processor';

export const privacyModule = new ContainerModule(({ bind }) => {
  bind(CONSENT_REPOSITORY).to(KnexConsentRepository).inSingletonScope();
  bind(PRIVACY_REQUEST_REPOSITORY).to(KnexPrivacyRequestRepository).inSingletonScope();
  bind(SUBJECT_DATA_REPOSITORY).to(KnexSubjectDataRepository).inSingletonScope();
  bind(AUDIT_TRAIL).to(KnexAuditTrail).inSingletonScope();
  bind(CONSENTS_SERVICE).to(ConsentsService).inSingletonScope();
  bind(PRIVACY_REQUESTS_SERVICE).to(PrivacyRequestsService).inSingletonScope();
  bind(RETENTION_REPOSITORY).to(KnexRetentionRepository).inSingletonScope();
  bind(RETENTION_SERVICE).to(RetentionService).inSingletonScope();
  bind(ScanRetentionProcessor).toSelf().inSingletonScope();
  bind(JOB_PROCESSOR).toService(ScanRetentionProcessor);
});
