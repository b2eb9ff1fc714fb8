import { inject, injectable } from 'inversify';
import type { SavedReportRepository } from '../../domain/report-builder/report-builder.ports';
import type { SavedReport, SavedReportFields } from '../../domain/report-builder/saved-report';
import type { Page, PageRequest } from '../../domain/shared/list-page';
import { UNIT_OF_WORK } from '../../domain/shared/shared.tokens';
import { plain, tableModel, type BaseModel } from '../db/base.model';
import { keysetPage } from '../db/keyset-page';
import type { KnexUnitOfWork } from '../db/knex-unit-of-work';
import { referenced } from '../crm/knex-record-store';

const SavedReportModel = tableModel('savedReports', { jsonAttributes: ['definition'], hasUpdatedAt: true });

const COLUMNS = ['savedReports.*', referenced('users', 'name', 'savedReports.authorId', 'authorName')];

@injectable()
export class KnexSavedReportRepository implements SavedReportRepository {
  constructor(@inject(UNIT_OF_WORK) private readonly uow: KnexUnitOfWork) {}

  private select() {
    return SavedReportModel.query(this.uow.db).select(COLUMNS);
  }

  /** saved_reports_author_index and saved_reports_shared_index, OR-ed by the planner. */
  listVisible(viewerId: number, page: PageRequest): Promise<Page<SavedReport>> {
    const query = this.select().where((q) =>
      q.where('savedReports.authorId', viewerId).orWhere('savedReports.shared', true),
    );
    return keysetPage(query, page, (row: BaseModel) => plain<SavedReport>(row));
  }

  async findById(id: number): Promise<SavedReport | null> {
    const row = await this.select().findById(id);
    return row ? plain<SavedReport>(row) : null;
  }

  async create(authorId: number, fields: SavedReportFields): Promise<SavedReport> {
    const row = await SavedReportModel.query(this.uow.db)
      .insert({ ...fields, authorId })
      .returning('id');
    return (await this.findById(row.id as number))!;
  }

  async update(id: number, changes: Partial<SavedReportFields>): Promise<SavedReport> {
    await SavedReportModel.query(this.uow.db).patch(changes).findById(id);
    return (await this.findById(id))!;
  }

  async delete(id: number): Promise<void> {
    await SavedReportModel.query(this.uow.db).deleteById(id);
  }
}
