import type { RollsBack } from '../../shared/__tests__/in-memory-unit-of-work';
import { InMemoryRecords } from '../../shared/__tests__/in-memory-records';
import type { Page, PageRequest } from '../../shared/list-page';
import type {
  Deal,
  DealColumns,
  DealFilter,
  NewDeal,
  PipelineStage,
  StageFields,
  StageSummary,
  SummaryFilter,
} from '../deal';
import { STALE_DAYS_DEFAULT } from '../deal';
import type { DealRepository, MovedDeal, PipelineRepository, PipelineStageRepository } from '../deals.ports';
import type { Pipeline, PipelineChanges } from '../pipeline';

/** Deals in a map; `position: 'last'` goes after the last card of the deal's column, as the database does. */
export class InMemoryDealRepository extends InMemoryRecords<Deal> implements DealRepository {
  async create(values: NewDeal): Promise<Deal> {
    const at = this.stamp();
    const { position, ...fields } = values;
    const deal: Deal = {
      id: this.newId(),
      value: '0.00',
      currency: 'BRL',
      probability: 0,
      probabilityManual: false,
      expectedCloseDate: null,
      closedAt: null,
      lostReason: null,
      notes: null,
      customFields: {},
      contactId: null,
      contactName: null,
      contacts: [],
      companyId: null,
      companyName: null,
      ownerId: null,
      ownerName: null,
      hasPendingActivity: false,
      createdAt: at,
      updatedAt: at,
      ...fields,
      position: 0,
    };
    deal.position = this.positionFor(deal, position);
    this.rows.set(deal.id, deal);
    return { ...deal };
  }

  async createMany(values: NewDeal[]): Promise<Deal[]> {
    const created: Deal[] = [];
    for (const value of values) created.push(await this.create(value));
    return created;
  }

  async update(id: number, changes: DealColumns): Promise<Deal> {
    const current = this.rows.get(id);
    if (!current) throw new Error(`No deal ${id}`);
    const { position, links, ...fields } = changes;
    const people = links && {
      contacts: links.map((l) => ({ id: l.contactId, name: `#${l.contactId}`, role: l.role, primary: l.primary })),
      contactId: links.find((l) => l.primary)?.contactId ?? null,
    };
    const next: Deal = { ...current, ...fields, ...people, updatedAt: this.stamp() };
    next.position = this.positionFor(next, position ?? current.position);
    this.rows.set(id, next);
    return { ...next };
  }

  async list(filter: DealFilter, page: PageRequest): Promise<Page<Deal>> {
    const matching = [...this.rows.values()]
      .filter(
        (d) =>
          (filter.pipeline === undefined || d.pipeline === filter.pipeline) &&
          (filter.stage === undefined || d.stage === filter.stage) &&
          (filter.ownerId === undefined || d.ownerId === filter.ownerId) &&
          (filter.contactId === undefined || d.contactId === filter.contactId) &&
          (filter.search === undefined || d.title.toLowerCase().includes(filter.search.toLowerCase())),
      )
      .sort((a, b) => (filter.order === 'position' ? a.position - b.position : b.id - a.id));
    const start = page.cursor === undefined ? 0 : Number(page.cursor);
    const items = matching.slice(start, start + page.limit).map((d) => ({ ...d }));
    return { items, nextCursor: start + page.limit < matching.length ? String(start + page.limit) : null };
  }

  /** The contacts that exist: every id unless a test says which. */
  knownContacts: Set<number> | null = null;

  async missingContacts(ids: number[]): Promise<number[]> {
    return ids.filter((id) => this.knownContacts !== null && !this.knownContacts.has(id));
  }

  /** The cards of a column in their order (the stored deals themselves). */
  column(pipeline: string, stage: string): Deal[] {
    return [...this.rows.values()]
      .filter((d) => d.pipeline === pipeline && d.stage === stage)
      .sort((a, b) => a.position - b.position);
  }

  private positionFor(deal: Deal, position: number | 'last' | undefined): number {
    if (typeof position === 'number') return position;
    const others = this.column(deal.pipeline, deal.stage).filter((d) => d.id !== deal.id);
    return others.length ? others[others.length - 1].position + 1 : 1;
  }
}

/** Pipeline stages in an array, over the deals of an InMemoryDealRepository. */
export class InMemoryPipelineStageRepository implements PipelineStageRepository, RollsBack {
  rows: PipelineStage[] = [];
  private nextId = 1;

  constructor(private readonly deals: InMemoryDealRepository) {}

  snapshot(): () => void {
    const saved = this.rows.map((stage) => ({ ...stage }));
    return () => {
      this.rows = saved;
    };
  }

  async list(pipeline: string): Promise<PipelineStage[]> {
    return this.rows.filter((s) => s.pipeline === pipeline).sort((a, b) => a.order - b.order);
  }

  async findById(pipeline: string, id: number): Promise<PipelineStage | null> {
    return this.rows.find((s) => s.pipeline === pipeline && s.id === id) ?? null;
  }

  async findByName(pipeline: string, stage: string): Promise<PipelineStage | null> {
    return this.rows.find((s) => s.pipeline === pipeline && s.stage === stage) ?? null;
  }

  async nameTaken(pipeline: string, stage: string, exceptId?: number): Promise<boolean> {
    return this.rows.some(
      (s) => s.pipeline === pipeline && s.id !== exceptId && s.stage.toLowerCase() === stage.toLowerCase(),
    );
  }

  async create(pipeline: string, fields: StageFields): Promise<PipelineStage> {
    const order = Math.max(0, ...(await this.list(pipeline)).map((s) => s.order)) + 1;
    const stage = {
      id: this.nextId++,
      pipeline,
      order,
      staleDays: STALE_DAYS_DEFAULT,
      updatedAt: new Date(0),
      ...fields,
    };
    this.rows.push(stage);
    return { ...stage };
  }

  async update(id: number, changes: Partial<StageFields>): Promise<PipelineStage> {
    const index = this.rows.findIndex((s) => s.id === id);
    if (index < 0) throw new Error(`No stage ${id}`);
    const before = this.rows[index];
    const after = { ...before, ...changes };
    this.rows[index] = after;
    // The deals' foreign key cascades a rename.
    if (after.stage !== before.stage)
      for (const deal of this.deals.column(before.pipeline, before.stage)) deal.stage = after.stage;
    return { ...after };
  }

  async delete(id: number): Promise<void> {
    this.rows = this.rows.filter((s) => s.id !== id);
  }

  async reorder(ids: number[]): Promise<void> {
    ids.forEach((id, index) => {
      const stage = this.rows.find((s) => s.id === id);
      if (stage) stage.order = index + 1;
    });
  }

  async countDeals(stage: PipelineStage): Promise<number> {
    return this.deals.column(stage.pipeline, stage.stage).length;
  }

  async followProbability(stage: PipelineStage): Promise<void> {
    for (const deal of this.deals.column(stage.pipeline, stage.stage))
      if (!deal.probabilityManual) deal.probability = stage.probability;
  }

  async moveDeals(from: PipelineStage, to: PipelineStage): Promise<MovedDeal[]> {
    const moved: MovedDeal[] = [];
    for (const deal of this.deals.column(from.pipeline, from.stage)) {
      await this.deals.update(deal.id, {
        stage: to.stage,
        position: 'last',
        ...(!deal.probabilityManual && { probability: to.probability }),
      });
      moved.push({ id: deal.id, title: deal.title, contactId: deal.contactId });
    }
    return moved;
  }

  async summary(pipeline: string, filter: SummaryFilter): Promise<StageSummary[]> {
    const cents = (value: string) => Math.round(Number(value) * 100);
    const money = (total: number) => (total / 100).toFixed(2);
    const summaries: StageSummary[] = [];
    for (const stage of await this.list(pipeline)) {
      const { items } = await this.deals.list({ ...filter, pipeline, stage: stage.stage }, { limit: 1_000_000 });
      const value = items.reduce((sum, d) => sum + cents(d.value), 0);
      // Won and lost weigh nothing: neither is forecast.
      const weighted =
        stage.kind === 'open'
          ? items.reduce((sum, d) => sum + Math.round((cents(d.value) * d.probability) / 100), 0)
          : 0;
      summaries.push({
        stageId: stage.id,
        stage: stage.stage,
        order: stage.order,
        color: stage.color,
        kind: stage.kind,
        dealCount: items.length,
        valueSum: money(value),
        weightedValueSum: money(weighted),
      });
    }
    return summaries;
  }
}

/** Pipelines by key, in position order. */
export class InMemoryPipelineRepository implements PipelineRepository, RollsBack {
  rows: Pipeline[] = [];

  constructor(private readonly deals: InMemoryDealRepository) {}

  snapshot(): () => void {
    const saved = this.rows.map((pipeline) => ({ ...pipeline }));
    return () => {
      this.rows = saved;
    };
  }

  async list(includeArchived: boolean): Promise<Pipeline[]> {
    return this.rows.filter((p) => includeArchived || !p.archived).sort((a, b) => a.position - b.position);
  }

  async find(key: string): Promise<Pipeline | null> {
    return this.rows.find((p) => p.key === key) ?? null;
  }

  async count(): Promise<number> {
    return this.rows.length;
  }

  async nameTaken(name: string, exceptKey?: string): Promise<boolean> {
    return this.rows.some((p) => p.key !== exceptKey && p.name?.toLowerCase() === name.toLowerCase());
  }

  async create({ key, name }: Pick<Pipeline, 'key' | 'name'>): Promise<Pipeline> {
    const now = new Date();
    const pipeline = { key, name, position: this.rows.length + 1, archived: false, createdAt: now, updatedAt: now };
    this.rows.push(pipeline);
    return { ...pipeline };
  }

  async update(key: string, changes: Pick<PipelineChanges, 'name' | 'archived'>): Promise<Pipeline> {
    const pipeline = this.rows.find((p) => p.key === key)!;
    if (changes.name !== undefined) pipeline.name = changes.name;
    if (changes.archived !== undefined) pipeline.archived = changes.archived;
    pipeline.updatedAt = new Date(pipeline.updatedAt.getTime() + 1);
    return { ...pipeline };
  }

  async reorder(keys: string[]): Promise<void> {
    for (const [index, key] of keys.entries()) this.rows.find((p) => p.key === key)!.position = index + 1;
  }

  async countDeals(key: string): Promise<number> {
    return [...this.deals.rows.values()].filter((deal) => deal.pipeline === key).length;
  }

  async delete(key: string): Promise<void> {
    this.rows = this.rows.filter((p) => p.key !== key);
  }
}
