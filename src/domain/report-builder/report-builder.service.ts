import { inject, injectable } from 'inversify';
import type { Viewer } from '../shared/viewer';
import type { Clock } from '../shared/clock';
import type { Page, PageRequest } from '../shared/list-page';
import { CLOCK } from '../shared/shared.tokens';
import { ENTITY_RULES, checkDefinition, type ReportDefinition } from './report-definition';
import type { CustomFieldsService } from '../custom-fields/custom-fields.service';
import { CUSTOM_FIELDS_SERVICE } from '../custom-fields/custom-fields.tokens';
import { customTargetKey } from '../custom-fields/custom-field-cell';
import type { CustomField } from '../custom-fields/custom-field';
import { SavedReportNotFoundError, SavedReportReadOnlyError } from './report-builder.errors';
import type { ReportQueryRunner, SavedReportRepository } from './report-builder.ports';
import { REPORT_QUERY_RUNNER, SAVED_REPORT_REPOSITORY } from './report-builder.tokens';
import { arrangeGroups, periodStart, type ReportResult } from './report-result';
import type { SavedReport, SavedReportFields, SavedReportView } from './saved-report';

const canEdit = (viewer: Viewer, report: SavedReport) => report.authorId === viewer.id;
// An admin may remove a shared report (a colleague who left, a wrong figure shown to the team), never edit it.
const canDelete = (viewer: Viewer, report: SavedReport) =>
  canEdit(viewer, report) || (report.shared && viewer.role === 'admin');

@injectable()
export class ReportBuilderService {
  constructor(
    @inject(REPORT_QUERY_RUNNER) private readonly runner: ReportQueryRunner,
    @inject(SAVED_REPORT_REPOSITORY) private readonly saved: SavedReportRepository,
    @inject(CLOCK) private readonly clock: Clock,
    @inject(CUSTOM_FIELDS_SERVICE) private readonly customFields: Pick<CustomFieldsService, 'list'>,
  ) {}

  /** The custom fields a definition may name: its entity's, retired ones included; none when it names none. */
  private async fieldsOf(definition: ReportDefinition): Promise<CustomField[]> {
    const entity = ENTITY_RULES[definition.entity]?.customFields;
    const named = [definition.measure, definition.groupBy].some((choice) => customTargetKey(choice) !== undefined);
    return entity && named ? this.customFields.list(entity, true) : [];
  }

  /** The definition checked, with its entity's custom fields when it names one. */
  private async checked(definition: ReportDefinition, pathPrefix: string): Promise<CustomField[]> {
    const fields = await this.fieldsOf(definition);
    checkDefinition(definition, pathPrefix, fields);
    return fields;
  }

  /** An ad-hoc definition, as the builder previews it. */
  async run(definition: ReportDefinition, pathPrefix = ''): Promise<ReportResult> {
    const fields = await this.checked(definition, pathPrefix);
    const until = this.clock.now();
    const since = periodStart(definition, until);
    const measured = fields.find((field) => field.key === customTargetKey(definition.measure));
    const summed = measured?.type === 'currency' || measured?.type === 'number' ? measured.type : undefined;
    const result = await this.runner.run(definition, since, until, summed);
    return { definition, ...result, groups: arrangeGroups(definition, result.groups, since, until), since, until };
  }

  async list(viewer: Viewer, page: PageRequest): Promise<Page<SavedReportView>> {
    const found = await this.saved.listVisible(viewer.id, page);
    return { ...found, items: found.items.map((r) => this.view(viewer, r)) };
  }

  async get(viewer: Viewer, id: number): Promise<SavedReportView> {
    return this.view(viewer, await this.visible(viewer, id));
  }

  /** A saved report's figures as of now. */
  async result(viewer: Viewer, id: number): Promise<ReportResult> {
    const report = await this.visible(viewer, id);
    return this.run(report.definition, 'definition.');
  }

  async create(viewer: Viewer, fields: SavedReportFields): Promise<SavedReportView> {
    await this.checked(fields.definition, 'definition.');
    return this.view(viewer, await this.saved.create(viewer.id, fields));
  }

  async update(viewer: Viewer, id: number, changes: Partial<SavedReportFields>): Promise<SavedReportView> {
    const report = await this.visible(viewer, id);
    if (!canEdit(viewer, report)) throw new SavedReportReadOnlyError('edit');
    if (changes.definition) await this.checked(changes.definition, 'definition.');
    return this.view(viewer, await this.saved.update(id, changes));
  }

  async delete(viewer: Viewer, id: number): Promise<void> {
    const report = await this.visible(viewer, id);
    if (!canDelete(viewer, report)) throw new SavedReportReadOnlyError('delete');
    await this.saved.delete(id);
  }

  private async visible(viewer: Viewer, id: number): Promise<SavedReport> {
    const report = await this.saved.findById(id);
    if (!report || (!report.shared && report.authorId !== viewer.id)) throw new SavedReportNotFoundError();
    return report;
  }

  private view(viewer: Viewer, report: SavedReport): SavedReportView {
    return { ...report, canEdit: canEdit(viewer, report), canDelete: canDelete(viewer, report) };
  }
}
