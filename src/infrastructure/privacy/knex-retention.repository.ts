import { inject, injectable } from 'inversify';
import type { RetentionRepository } from '../../domain/privacy/privacy.ports';
import type {
  RetentionCandidate,
  RetentionDecision,
  RetentionKind,
  RetentionRule,
} from '../../domain/privacy/retention';
import type { Page, PageRequest } from '../../domain/shared/list-page';
import { UNIT_OF_WORK } from '../../domain/shared/shared.tokens';
import { plain, tableModel } from '../db/base.model';
import { keysetPage } from '../db/keyset-page';
import type { KnexUnitOfWork } from '../db/knex-unit-of-work';

const CandidateModel = tableModel('retentionCandidates');

/** The deals a contact is in: as their contact, or as one of their people. */
const DEALS_OF = `(d.contact_id = c.id OR d.id IN (SELECT dc.deal_id FROM deal_contacts dc WHERE dc.contact_id = c.id))`;

/** Each rule's contacts, as a condition on `c` (contacts) with :cutoff. */
const FINDS: Record<RetentionKind, string> = {
  inactive_leads: `c.status = 'lead' AND c.updated_at < :cutoff
    AND NOT EXISTS (SELECT 1 FROM activities a WHERE a.contact_id = c.id AND a.updated_at >= :cutoff)
    AND NOT EXISTS (SELECT 1 FROM crm_notes n WHERE n.contact_id = c.id AND n.updated_at >= :cutoff)
    AND NOT EXISTS (SELECT 1 FROM deals d WHERE ${DEALS_OF} AND d.updated_at >= :cutoff)`,
  lost_deal_contacts: `c.updated_at < :cutoff
    AND EXISTS (SELECT 1 FROM deals d WHERE ${DEALS_OF})
    AND NOT EXISTS (SELECT 1 FROM deals d
                    LEFT JOIN pipeline_stages s ON s.pipeline = d.pipeline AND s.stage = d.stage
                    WHERE ${DEALS_OF} AND (s.kind IS DISTINCT FROM 'lost' OR coalesce(d.closed_at, d.updated_at) >= :cutoff))`,
};

@injectable()
export class KnexRetentionRepository implements RetentionRepository {
  constructor(@inject(UNIT_OF_WORK) private readonly uow: KnexUnitOfWork) {}

  async rules(): Promise<RetentionRule[]> {
    const rows = await this.uow.db('retentionRules').select('*').orderBy('kind');
    return rows.map((row) => plain<RetentionRule>(row));
  }

  async updateRule(kind: RetentionKind, changes: { months?: number; active?: boolean }, by: number) {
    await this.uow
      .db('retentionRules')
      .where({ kind })
      .update({ ...changes, updatedBy: by, updatedAt: this.uow.db.fn.now() });
    return plain<RetentionRule>(await this.uow.db('retentionRules').where({ kind }).first());
  }

  /**
   * Lists the rule's contacts not listed yet: not anonymized, not waiting, and not kept by an admin since the period
   * began (a contact kept is looked at again once a whole period has passed without anything done).
   */
  async scan(kind: RetentionKind, cutoff: Date, at: Date): Promise<number> {
    const { rows } = (await this.uow.db.raw(
      `INSERT INTO retention_candidates (rule, contact_id, found_at)
       SELECT :kind, c.id, :at FROM contacts c
        WHERE c.anonymized_at IS NULL AND ${FINDS[kind]}
          AND NOT EXISTS (SELECT 1 FROM retention_candidates r
                           WHERE r.rule = :kind AND r.contact_id = c.id
                             AND (r.decision IS NULL OR (r.decision = 'kept' AND r.decided_at >= :cutoff)))
       ON CONFLICT DO NOTHING RETURNING id`,
      { kind, cutoff, at },
    )) as { rows: unknown[] };
    return rows.length;
  }

  candidates(filter: { waiting: boolean }, page: PageRequest): Promise<Page<RetentionCandidate>> {
    const query = CandidateModel.query(this.uow.db)
      .join('contacts', 'contacts.id', 'retentionCandidates.contactId')
      .select(
        'retentionCandidates.id',
        'retentionCandidates.rule',
        'retentionCandidates.contactId',
        'contacts.name as contactName',
        'contacts.status as contactStatus',
        'contacts.updatedAt as contactUpdatedAt',
        'retentionCandidates.foundAt',
        'retentionCandidates.decision',
        'retentionCandidates.decidedBy',
        'retentionCandidates.decidedAt',
      )
      .modify((q) => {
        if (filter.waiting) q.whereNull('retentionCandidates.decision');
        else q.whereNotNull('retentionCandidates.decision');
      });
    return keysetPage(query, page, (row) => plain<RetentionCandidate>(row));
  }

  async waiting(ids: number[]): Promise<{ id: number; rule: RetentionKind; contactId: number }[]> {
    return this.uow
      .db('retentionCandidates')
      .whereIn('id', ids)
      .whereNull('decision')
      .forUpdate()
      .select('id', 'rule', 'contactId');
  }

  async decide(ids: number[], decision: RetentionDecision, by: number, at: Date): Promise<void> {
    await this.uow.db('retentionCandidates').whereIn('id', ids).update({ decision, decidedBy: by, decidedAt: at });
  }
}
