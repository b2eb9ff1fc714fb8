import { raw, type QueryBuilder, type RawBuilder } from 'objection';
import type { RecordStore } from '../../domain/crm/crm-records';
import type { Page, PageRequest } from '../../domain/shared/list-page';
import { plain, type BaseModel } from '../db/base.model';
import { keysetPage, preparedKeysetPage, type KeysetOrder } from '../db/keyset-page';
import type { KnexUnitOfWork } from '../db/knex-unit-of-work';

/** A record's column from a row it refers to: `(SELECT r.name FROM users AS r WHERE r.id = contacts.owner_id) AS owner_name`. */
export const referenced = (table: string, column: string, reference: string, as: string): RawBuilder =>
  raw('(SELECT ?? FROM ?? AS r WHERE r.id = ??) AS ??', [`r.${column}`, table, reference, as]);

/**
 * Find, insert, update and delete by id for one CRM table, through its model. `columns` is what a record
 * shows: the table's own and what it refers to (`referenced`), so every write returns the whole record
 * in its one statement, and locking a record locks its row only.
 */
export abstract class KnexRecordStore<
  T extends { id: number },
  New extends object,
  Changes extends object,
> implements RecordStore<T, New, Changes> {
  constructor(
    protected readonly uow: KnexUnitOfWork,
    private readonly model: typeof BaseModel,
    private readonly columns: (string | RawBuilder)[],
  ) {}

  protected toColumns(values: Partial<New> | Changes): object {
    return values;
  }

  protected toRecord(row: BaseModel): T {
    return plain<T>(row);
  }

  /** The records, to filter and page. */
  protected select(): QueryBuilder<BaseModel> {
    return this.model.query(this.uow.db).select(this.columns);
  }

  protected page(query: QueryBuilder<BaseModel>, page: PageRequest, order?: KeysetOrder): Promise<Page<T>> {
    return keysetPage(query, page, (row) => this.toRecord(row), order);
  }

  /** `page(this.select(), page)` as a named prepared statement (`name`: the list's own): the list with no condition. */
  protected unfilteredPage(name: string, page: PageRequest): Promise<Page<T>> {
    return preparedKeysetPage(
      name,
      this.uow.db,
      () => this.select(),
      page,
      (row) => this.toRecord(row),
    );
  }

  async findById(id: number, options: { forUpdate?: boolean } = {}): Promise<T | null> {
    const row = await this.select()
      .findById(id)
      .modify((q) => options.forUpdate && q.forUpdate());
    return row ? this.toRecord(row) : null;
  }

  async create(values: New): Promise<T> {
    const [created] = await this.createMany([values]);
    return created;
  }

  /** One insert, however many. */
  async createMany(values: New[]): Promise<T[]> {
    if (!values.length) return [];
    const rows = await this.model
      .query(this.uow.db)
      .insert(values.map((v) => this.toColumns(v)))
      .returning(this.columns as string[]);
    return rows.map((row) => this.toRecord(row));
  }

  async update(id: number, changes: Changes): Promise<T> {
    const row = await this.model
      .query(this.uow.db)
      .patch(this.toColumns(changes))
      .findById(id)
      .returning(this.columns as string[]);
    return this.toRecord(row!);
  }

  async delete(id: number): Promise<void> {
    await this.model.query(this.uow.db).deleteById(id);
  }
}

/**
 * Rows of `table` about a company: on the company itself, on one of its people or on one of its deals (a company's
 * notes and activities). Each branch is an index ending in the id: `<table>`'s company_id, contact_id and deal_id
 * indexes, contacts_company_id_index and deals_company_id_index.
 */
export function whereAboutCompany(q: QueryBuilder<BaseModel>, table: string, companyId: number): void {
  q.where((w) =>
    w
      .where(`${table}.companyId`, companyId)
      .orWhereIn(`${table}.contactId`, (people) => people.select('id').from('contacts').where('companyId', companyId))
      .orWhereIn(`${table}.dealId`, (deals) => deals.select('id').from('deals').where('companyId', companyId)),
  );
}
