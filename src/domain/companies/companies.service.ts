import { inject, injectable } from 'inversify';
import type { CustomFieldsService } from '../custom-fields/custom-fields.service';
import { CUSTOM_FIELDS_SERVICE } from '../custom-fields/custom-fields.tokens';
import { RecordNotFoundError } from '../crm/crm.errors';
import { CrmRecords, type RecordKind } from '../crm/crm-records';
import type { Page, PageRequest } from '../shared/list-page';
import { UNIT_OF_WORK } from '../shared/shared.tokens';
import type { UnitOfWork } from '../shared/unit-of-work.port';
import type { Viewer } from '../shared/viewer';
import type { TimelineService } from '../timeline/timeline.service';
import { TIMELINE_SERVICE } from '../timeline/timeline.tokens';
import {
  COMPANY_TRACKED_FIELDS,
  type Company,
  type CompanyDealTotals,
  type CompanyFields,
  type CompanyFilter,
  type NewCompany,
} from './company';
import type { CompanyRepository } from './companies.ports';
import { COMPANY_REPOSITORY } from './companies.tokens';

/** How CrmRecords checks, versions and records a company; its entries are on its own timeline, not a contact's. */
const COMPANY_KIND: RecordKind<Company> = {
  type: 'company',
  notFound: () => new RecordNotFoundError('COMPANY.NOT_FOUND', 'Company'),
  displayName: (company) => company.name,
  contactOf: () => null,
  visibleTo: () => null,
  tracked: COMPANY_TRACKED_FIELDS,
};

/** Companies as records: the contacts' rules (everyone reads and creates; owners, creators and admins change). */
@injectable()
export class CompaniesService {
  private readonly records: CrmRecords<Company, NewCompany, Partial<CompanyFields>>;

  constructor(
    @inject(COMPANY_REPOSITORY) private readonly companies: CompanyRepository,
    @inject(UNIT_OF_WORK) uow: UnitOfWork,
    @inject(TIMELINE_SERVICE) timeline: TimelineService,
    @inject(CUSTOM_FIELDS_SERVICE)
    private readonly customFields: Pick<CustomFieldsService, 'values' | 'changes' | 'match' | 'sortOf'>,
  ) {
    this.records = new CrmRecords(companies, COMPANY_KIND, uow, timeline);
  }

  async list(_viewer: Viewer, filter: CompanyFilter, page: PageRequest): Promise<Page<Company>> {
    // Its custom field filters read as their fields' types (a 400 naming one that cannot be).
    const customFieldMatch = await this.customFields.match('company', filter.customFields);
    const sort = await this.customFields.sortOf('company', filter.sort);
    return this.companies.list({ ...filter, sort, ...(customFieldMatch && { customFieldMatch }) }, page);
  }

  get(viewer: Viewer, id: number): Promise<Company> {
    return this.records.get(viewer, id);
  }

  /** Its deals' totals, open, won and lost, to whoever reads the company (404 as `get`). */
  async dealTotals(viewer: Viewer, id: number): Promise<CompanyDealTotals> {
    await this.get(viewer, id);
    return this.companies.dealTotals(id);
  }

  /**
   * The owner defaults to the creator; custom field values are checked against the companies' fields. With its
   * 'created' timeline entry, in one transaction.
   */
  create(viewer: Viewer, fields: Partial<CompanyFields> & Pick<CompanyFields, 'name'>): Promise<Company> {
    return this.records.create(viewer, async () => ({
      ...fields,
      customFields: await this.customFields.values('company', fields.customFields),
      ownerId: fields.ownerId === undefined ? viewer.id : fields.ownerId,
      createdBy: viewer.id,
    }));
  }

  /** Custom field values sent are checked and merged into the company's (null removes one). */
  update(viewer: Viewer, id: number, changes: Partial<CompanyFields>, expectedUpdatedAt?: Date): Promise<Company> {
    return this.records.update(viewer, id, expectedUpdatedAt, (current) =>
      this.customFields.changes('company', changes, current.customFields),
    );
  }

  /**
   * An import's companies, allowed by its plan (permissions checked row by row): the new ones in one insert, each
   * change in one statement, their timeline entries in one insert, as the API's writes make them.
   */
  importMany(
    viewer: Viewer,
    created: NewCompany[],
    updated: { current: Company; changes: Partial<CompanyFields> }[],
  ): Promise<void> {
    return this.records.importMany(viewer, undefined, created, updated);
  }

  remove(viewer: Viewer, id: number): Promise<void> {
    return this.records.remove(viewer, id);
  }
}
