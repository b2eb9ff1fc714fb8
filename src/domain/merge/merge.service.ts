import { inject, injectable } from 'inversify';
import type { Company } from '../companies/company';
import { COMPANY_TRACKED_FIELDS } from '../companies/company';
import type { CompanyRepository } from '../companies/companies.ports';
import { COMPANY_REPOSITORY } from '../companies/companies.tokens';
import { CONTACT_TRACKED_FIELDS, type Contact } from '../contacts/contact';
import type { ContactRepository } from '../contacts/contacts.ports';
import { CONTACT_REPOSITORY } from '../contacts/contacts.tokens';
import { can } from '../crm/crm-access';
import { RecordNotFoundError } from '../crm/crm.errors';
import { ForbiddenError } from '../shared/app-error';
import type { Page, PageRequest } from '../shared/list-page';
import { UNIT_OF_WORK } from '../shared/shared.tokens';
import type { UnitOfWork } from '../shared/unit-of-work.port';
import type { Viewer } from '../shared/viewer';
import {
  companySubject,
  contactSubject,
  diffFields,
  timelineEntry,
  type TimelineSubject,
  authorOf,
} from '../timeline/timeline';
import type { TimelineService } from '../timeline/timeline.service';
import { TIMELINE_SERVICE } from '../timeline/timeline.tokens';
import type { DuplicateGroup } from './duplicates';
import { checkMergeRequest, planMerge, type MergeKind, type MergeRequest } from './merge';
import type { MergeRepository } from './merge.ports';
import { MERGE_REPOSITORY } from './merge.tokens';

/** The contact fields a merge chooses between (the company by its id; tags are joined, custom fields combined). */
export const CONTACT_MERGE_FIELDS = [
  'name',
  'email',
  'phone',
  'companyId',
  'position',
  'source',
  'status',
  'score',
  'tags',
  'notes',
  'customFields',
  'ownerId',
] as const satisfies readonly (keyof Contact)[];

/** The company fields a merge chooses between (tags are joined, custom fields combined as a contact's). */
export const COMPANY_MERGE_FIELDS = [...COMPANY_TRACKED_FIELDS, 'customFields'] as const;

export const MERGE_FIELDS: Record<MergeKind, readonly string[]> = {
  contact: CONTACT_MERGE_FIELDS,
  company: COMPANY_MERGE_FIELDS,
};

/** A merged record, as the kept one's timeline names it. */
interface Named {
  id: number;
  name: string;
}

/**
 * Finding records entered twice and merging them: the kept record takes the chosen values, everything that referred
 * to the others (deals and their people, activities, notes, history, a company's people) moves to it, and the others
 * are deleted, in one transaction; the kept record's timeline says what was merged and which values were replaced.
 * Allowed to admins, and to whoever may change the kept record and delete every merged one (their owner or creator).
 */
@injectable()
export class MergeService {
  constructor(
    @inject(MERGE_REPOSITORY) private readonly merges: MergeRepository,
    @inject(CONTACT_REPOSITORY) private readonly contacts: ContactRepository,
    @inject(COMPANY_REPOSITORY) private readonly companies: CompanyRepository,
    @inject(UNIT_OF_WORK) private readonly uow: UnitOfWork,
    @inject(TIMELINE_SERVICE) private readonly timeline: TimelineService,
  ) {}

  /** Everyone who reads contacts and companies sees their likely duplicates. */
  duplicates(_viewer: Viewer, kind: MergeKind, page: PageRequest): Promise<Page<DuplicateGroup>> {
    return this.merges.duplicates(kind, page);
  }

  /** "Not a duplicate": the group (every pair in it) is not listed again. Reading the records is enough. */
  async dismiss(viewer: Viewer, kind: MergeKind, ids: number[]): Promise<void> {
    const found = kind === 'contact' ? await this.contacts.lockByIds(ids) : await this.lockCompanies(ids);
    if (found.length !== new Set(ids).size) throw notFound(kind);
    await this.merges.dismiss(kind, ids, viewer.id);
  }

  mergeContacts(viewer: Viewer, request: MergeRequest): Promise<Contact> {
    checkMergeRequest(request, CONTACT_MERGE_FIELDS);
    return this.uow.run(async () => {
      const [keep, merged] = this.allowed(viewer, 'contact', request, await this.contacts.lockByIds(idsOf(request)));
      const plan = planMerge(keep, merged, request, {
        fields: CONTACT_MERGE_FIELDS,
        unions: ['tags'],
        objects: ['customFields'],
      });
      await this.merges.moveAndDelete('contact', keep.id, request.mergeIds);
      const after = await this.saved(this.contacts, keep, plan.values);
      await this.record(viewer, contactSubject(after), merged, diffFields(keep, after, CONTACT_TRACKED_FIELDS));
      return after;
    });
  }

  mergeCompanies(viewer: Viewer, request: MergeRequest): Promise<Company> {
    checkMergeRequest(request, COMPANY_MERGE_FIELDS);
    return this.uow.run(async () => {
      const [keep, merged] = this.allowed(viewer, 'company', request, await this.lockCompanies(idsOf(request)));
      const plan = planMerge(keep, merged, request, {
        fields: COMPANY_MERGE_FIELDS,
        unions: ['tags'],
        objects: ['customFields'],
      });
      await this.merges.moveAndDelete('company', keep.id, request.mergeIds);
      const after = await this.saved(this.companies, keep, plan.values);
      await this.record(viewer, companySubject(after), merged, diffFields(keep, after, COMPANY_TRACKED_FIELDS));
      return after;
    });
  }

  /** In id order, as contacts are locked: two merges of the same records wait for each other, never deadlock. */
  private async lockCompanies(ids: number[]): Promise<Company[]> {
    const found: Company[] = [];
    for (const id of [...new Set(ids)].sort((a, b) => a - b)) {
      const company = await this.companies.findById(id, { forUpdate: true });
      if (company) found.push(company);
    }
    return found;
  }

  /** 404 for a record that is gone (merged already) or unseen; 403 unless the viewer may change all of them. */
  private allowed<T extends Named & { ownerId: number | null; createdBy: number | null }>(
    viewer: Viewer,
    kind: MergeKind,
    request: MergeRequest,
    found: T[],
  ): [T, T[]] {
    const byId = new Map(found.map((record) => [record.id, record]));
    const of = (id: number): T => {
      const record = byId.get(id);
      if (!record || !can(viewer, kind, 'read', record)) throw notFound(kind);
      return record;
    };
    const keep = of(request.keepId);
    const merged = request.mergeIds.map(of);
    if (!can(viewer, kind, 'update', keep) || merged.some((record) => !can(viewer, kind, 'delete', record)))
      throw new ForbiddenError('Only an admin, or the owner of every record, can merge them');
    return [keep, merged];
  }

  private async saved<T extends { id: number }, C>(
    store: { update(id: number, changes: C): Promise<T>; findById(id: number): Promise<T | null> },
    keep: T,
    values: Partial<T>,
  ): Promise<T> {
    if (Object.keys(values).length > 0) return store.update(keep.id, values as C);
    return (await store.findById(keep.id)) ?? keep;
  }

  private record(
    viewer: Viewer,
    subject: TimelineSubject,
    merged: Named[],
    replaced: ReturnType<typeof diffFields>,
  ): Promise<void> {
    return this.timeline.record(
      timelineEntry(subject, 'merged', authorOf(viewer), [
        { field: 'merged', oldValue: merged.map(({ id, name }) => ({ id, name })), newValue: null },
        ...replaced,
      ]),
    );
  }
}

const idsOf = (request: MergeRequest): number[] => [request.keepId, ...request.mergeIds];

const notFound = (kind: MergeKind) =>
  kind === 'contact'
    ? new RecordNotFoundError('CONTACT.NOT_FOUND', 'Contact')
    : new RecordNotFoundError('COMPANY.NOT_FOUND', 'Company');
