import { inject, injectable } from 'inversify';
import type { Page, PageRequest } from '../../domain/shared/list-page';
import { UNIT_OF_WORK } from '../../domain/shared/shared.tokens';
import type { SavedView, SavedViewFields, ViewEntity } from '../../domain/views/saved-view';
import type { SavedViewRepository } from '../../domain/views/views.ports';
import { referenced } from '../crm/knex-record-store';
import { plain, tableModel, type BaseModel } from '../db/base.model';
import { keysetPage } from '../db/keyset-page';
import type { KnexUnitOfWork } from '../db/knex-unit-of-work';

const SavedViewModel = tableModel('savedViews', { jsonAttributes: ['filters', 'sort', 'columns'], hasUpdatedAt: true });
const DefaultModel = tableModel('savedViewDefaults', { idColumn: ['userId', 'entity'] });

const COLUMNS = ['savedViews.*', referenced('users', 'name', 'savedViews.authorId', 'authorName')];

@injectable()
export class KnexSavedViewRepository implements SavedViewRepository {
  constructor(@inject(UNIT_OF_WORK) private readonly uow: KnexUnitOfWork) {}

  private select() {
    return SavedViewModel.query(this.uow.db).select(COLUMNS);
  }

  /** saved_views_author_index and saved_views_shared_index, OR-ed by the planner. */
  listVisible(viewerId: number, entity: ViewEntity | undefined, page: PageRequest): Promise<Page<SavedView>> {
    const query = this.select()
      .modify((q) => entity !== undefined && q.where('savedViews.entity', entity))
      .where((q) => q.where('savedViews.authorId', viewerId).orWhere('savedViews.shared', true));
    return keysetPage(query, page, (row: BaseModel) => plain<SavedView>(row));
  }

  async findById(id: number, options: { forUpdate?: boolean } = {}): Promise<SavedView | null> {
    const row = await this.select()
      .findById(id)
      .modify((q) => options.forUpdate && q.forUpdate());
    return row ? plain<SavedView>(row) : null;
  }

  countOwn(authorId: number, entity: ViewEntity): Promise<number> {
    return SavedViewModel.query(this.uow.db).where({ authorId, entity }).resultSize();
  }

  async nameTaken(authorId: number, entity: ViewEntity, name: string, exceptId?: number): Promise<boolean> {
    const found = await SavedViewModel.query(this.uow.db)
      .select('id')
      .where({ authorId, entity })
      .whereRaw('lower(name) = lower(?)', [name])
      .modify((q) => exceptId !== undefined && q.whereNot('id', exceptId))
      .first();
    return found !== undefined;
  }

  async create(authorId: number, fields: SavedViewFields): Promise<SavedView> {
    const row = await SavedViewModel.query(this.uow.db)
      .insert({ ...fields, authorId })
      .returning('id');
    return (await this.findById(row.id as number))!;
  }

  async update(id: number, changes: Partial<Omit<SavedViewFields, 'entity'>>): Promise<SavedView> {
    await SavedViewModel.query(this.uow.db).patch(changes).findById(id);
    return (await this.findById(id))!;
  }

  async delete(id: number): Promise<void> {
    await SavedViewModel.query(this.uow.db).deleteById(id);
  }

  async defaultsOf(userId: number): Promise<Map<ViewEntity, number>> {
    const rows = (await DefaultModel.query(this.uow.db).select('entity', 'viewId').where({ userId })) as unknown as {
      entity: ViewEntity;
      viewId: number;
    }[];
    return new Map(rows.map((row) => [row.entity, row.viewId]));
  }

  async setDefault(userId: number, entity: ViewEntity, viewId: number): Promise<void> {
    await DefaultModel.query(this.uow.db)
      .insert({ userId, entity, viewId })
      .onConflict(['userId', 'entity'])
      .merge(['viewId']);
  }

  async clearDefault(userId: number, viewId: number): Promise<void> {
    await DefaultModel.query(this.uow.db).where({ userId, viewId }).delete();
  }

  async clearOthersDefaults(viewId: number, authorId: number): Promise<void> {
    await DefaultModel.query(this.uow.db).where({ viewId }).whereNot({ userId: authorId }).delete();
  }
}
