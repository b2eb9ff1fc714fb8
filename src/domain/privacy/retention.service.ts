import { inject, injectable } from 'inversify';
import { FieldError } from '../crm/crm.errors';
import type { Clock } from '../shared/clock';
import type { Page, PageRequest } from '../shared/list-page';
import { CLOCK, UNIT_OF_WORK } from '../shared/shared.tokens';
import type { UnitOfWork } from '../shared/unit-of-work.port';
import type { AuditActor } from './privacy-audit';
import type { PrivacyRequestsService } from './privacy-requests.service';
import type { AuditTrail, RetentionRepository, SubjectDataRepository } from './privacy.ports';
import { AUDIT_TRAIL, PRIVACY_REQUESTS_SERVICE, RETENTION_REPOSITORY, SUBJECT_DATA_REPOSITORY } from './privacy.tokens';
import { retentionCutoff, type RetentionCandidate, type RetentionKind, type RetentionRule } from './retention';

/** At most this many listed contacts decided in one request (one transaction). */
export const RETENTION_DECIDE_MAX = 200;

/**
 * Retention: the rules an admin turns on, a daily scan listing the contacts they find, and the admin's decision on
 * each listed contact: anonymized (as a request would have it, in the record of operations) or kept for now. The
 * scan only lists: nothing is anonymized without a person's decision.
 */
@injectable()
export class RetentionService {
  constructor(
    @inject(RETENTION_REPOSITORY) private readonly retention: RetentionRepository,
    @inject(SUBJECT_DATA_REPOSITORY) private readonly subjects: Pick<SubjectDataRepository, 'lockContact'>,
    @inject(PRIVACY_REQUESTS_SERVICE) private readonly privacy: Pick<PrivacyRequestsService, 'anonymize'>,
    @inject(AUDIT_TRAIL) private readonly audit: AuditTrail,
    @inject(UNIT_OF_WORK) private readonly uow: UnitOfWork,
    @inject(CLOCK) private readonly clock: Clock,
  ) {}

  rules(): Promise<RetentionRule[]> {
    return this.retention.rules();
  }

  updateRule(actor: AuditActor, kind: RetentionKind, changes: { months?: number; active?: boolean }) {
    return this.uow.run(async () => {
      const rule = await this.retention.updateRule(kind, changes, actor.userId);
      await this.audit.record(actor, {
        action: 'retention.rule_changed',
        detail: { rule: kind, months: rule.months, active: rule.active },
      });
      return rule;
    });
  }

  /** Lists what each active rule finds today; answers how many were listed, by rule. */
  async scan(): Promise<Partial<Record<RetentionKind, number>>> {
    const at = this.clock.now();
    const listed: Partial<Record<RetentionKind, number>> = {};
    for (const rule of await this.retention.rules()) {
      if (!rule.active) continue;
      listed[rule.kind] = await this.uow.run(() =>
        this.retention.scan(rule.kind, retentionCutoff(at, rule.months), at),
      );
    }
    return listed;
  }

  candidates(waiting: boolean, page: PageRequest): Promise<Page<RetentionCandidate>> {
    return this.retention.candidates({ waiting }, page);
  }

  /** The admin's decision on listed contacts, in one transaction: each anonymized, or kept until a period passes. */
  decide(actor: AuditActor, ids: number[], action: 'anonymize' | 'keep'): Promise<{ decided: number }> {
    return this.uow.run(async () => {
      const waiting = await this.retention.waiting(ids);
      if (waiting.length !== new Set(ids).size)
        throw new FieldError('ids', 'Some of these contacts are not waiting for a decision (decided, or gone)');
      for (const candidate of waiting) {
        if (action === 'keep') {
          await this.audit.record(actor, {
            action: 'retention.kept',
            contactId: candidate.contactId,
            detail: { rule: candidate.rule },
          });
          continue;
        }
        const contact = await this.subjects.lockContact(candidate.contactId);
        if (contact && !contact.anonymizedAt) await this.privacy.anonymize(actor, candidate.contactId);
      }
      await this.retention.decide(
        waiting.map((c) => c.id),
        action === 'keep' ? 'kept' : 'anonymized',
        actor.userId,
        this.clock.now(),
      );
      return { decided: waiting.length };
    });
  }
}
