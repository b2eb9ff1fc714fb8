import { beforeEach, describe, expect, it } from 'vitest';
import { customFieldsOf } from '../../custom-fields/__tests__/custom-fields-of';
import { FixedClock, InMemoryUnitOfWork } from '../../shared/__tests__/in-memory-unit-of-work';
import { InMemoryTimelineRepository } from '../../timeline/__tests__/in-memory-timeline.repository';
import { TimelineService } from '../../timeline/timeline.service';
import { DEFAULT_PIPELINE } from '../deal';
import { DealsService } from '../deals.service';
import { InMemoryDealRepository, InMemoryPipelineRepository, InMemoryPipelineStageRepository } from './in-memory-deals';

// DealsService over in-memory repositories: where a deal lands when created, edited or dropped on the board.

const NOW = new Date('2026-11-20T15:30:00.000Z');
const owner = { id: 5, role: 'employee' as const };

let deals: InMemoryDealRepository;
let timeline: InMemoryTimelineRepository;
let service: DealsService;
let pipelines: InMemoryPipelineRepository;

beforeEach(async () => {
  deals = new InMemoryDealRepository();
  const stages = new InMemoryPipelineStageRepository(deals);
  timeline = new InMemoryTimelineRepository();
  for (const [stage, probability, kind] of [
    ['Lead', 10, 'open'],
    ['Proposal', 60, 'open'],
    ['Won', 100, 'won'],
    ['Lost', 0, 'lost'],
  ] as const)
    await stages.create(DEFAULT_PIPELINE, { stage, probability, kind, color: '#336699' });
  pipelines = new InMemoryPipelineRepository(deals);
  await pipelines.create({ key: DEFAULT_PIPELINE, name: null });
  await pipelines.create({ key: 'renewals', name: 'Renovações' });
  for (const [stage, probability, kind] of [
    ['Due', 40, 'open'],
    ['Renewed', 100, 'won'],
    ['Churned', 0, 'lost'],
  ] as const)
    await stages.create('renewals', { stage, probability, kind, color: '#336699' });
  const uow = new InMemoryUnitOfWork([deals, stages, timeline, pipelines]);
  service = new DealsService(
    deals,
    stages,
    uow,
    new TimelineService(timeline),
    new FixedClock(NOW),
    pipelines,
    customFieldsOf(),
  );
});

const entriesOf = (dealId: number) =>
  timeline.entries.filter((e) => e.entityType === 'deal' && e.entityId === dealId).map((e) => e.action);

describe('DealsService: where a deal lands', () => {
  it('starts in the first stage with its probability, last in the column, owned by its creator', async () => {
    const first = await service.create(owner, { title: 'Padaria' });
    const second = await service.create(owner, { title: 'Mercado' });
    expect(second).toMatchObject({ stage: 'Lead', probability: 10, probabilityManual: false, ownerId: owner.id });
    expect(second.closedAt).toBeNull();
    expect(second.position).toBeGreaterThan(first.position);
    expect(entriesOf(second.id)).toEqual(['created']);
  });

  it('takes the new stage’s probability when moved, and goes last in the new column', async () => {
    const already = await service.create(owner, { title: 'Already there', stage: 'Proposal' });
    const deal = await service.create(owner, { title: 'Padaria' });
    const moved = await service.move(owner, deal.id, { stage: 'Proposal' });
    expect(moved).toMatchObject({ stage: 'Proposal', probability: 60, probabilityManual: false });
    expect(moved.position).toBeGreaterThan(already.position);
    const entry = timeline.entries.at(-1)!;
    expect(entry).toMatchObject({ entityType: 'deal', entityId: deal.id, action: 'updated', userId: owner.id });
    expect(entry.changes).toEqual(
      expect.arrayContaining([
        { field: 'stage', oldValue: 'Lead', newValue: 'Proposal' },
        { field: 'probability', oldValue: 10, newValue: 60 },
      ]),
    );
  });

  it('keeps a probability set by hand through moves, until it is handed back to the stage', async () => {
    const deal = await service.create(owner, { title: 'Padaria', probability: 35 });
    expect(deal).toMatchObject({ probability: 35, probabilityManual: true });
    expect((await service.move(owner, deal.id, { stage: 'Proposal' })).probability).toBe(35);
    const back = await service.update(owner, deal.id, { probability: null });
    expect(back).toMatchObject({ probability: 60, probabilityManual: false });
    expect((await service.move(owner, deal.id, { stage: 'Lead' })).probability).toBe(10);
  });

  it('closes a deal won now, and reopens it (closedAt cleared) when it goes back to an open stage', async () => {
    const deal = await service.create(owner, { title: 'Padaria' });
    const won = await service.move(owner, deal.id, { stage: 'Won' });
    expect(won).toMatchObject({ stage: 'Won', probability: 100, lostReason: null });
    expect(won.closedAt).toEqual(NOW);
    const reopened = await service.move(owner, deal.id, { stage: 'Proposal' });
    expect(reopened.closedAt).toBeNull();
  });

  it('keeps the day a deal was won while it is reordered in the won column', async () => {
    const deal = await service.create(owner, { title: 'Padaria' });
    const won = await service.move(owner, deal.id, { stage: 'Won', closedAt: '2026-11-02' });
    expect(won.closedAt).toEqual(new Date('2026-11-02T12:00:00.000Z'));
    const reordered = await service.move(owner, deal.id, { stage: 'Won', position: 0.5 });
    expect(reordered).toMatchObject({ position: 0.5, closedAt: new Date('2026-11-02T12:00:00.000Z') });
  });

  it('refuses a lost stage without a reason and leaves the deal and its timeline as they were', async () => {
    const deal = await service.create(owner, { title: 'Padaria', stage: 'Proposal' });
    await expect(service.move(owner, deal.id, { stage: 'Lost' })).rejects.toMatchObject({
      code: 'DEAL.LOST_REASON_REQUIRED',
    });
    expect(await deals.findById(deal.id)).toMatchObject({ stage: 'Proposal', closedAt: null });
    expect(entriesOf(deal.id)).toEqual(['created']);

    const lost = await service.move(owner, deal.id, { stage: 'Lost', lostReason: 'Price' });
    expect(lost).toMatchObject({ stage: 'Lost', lostReason: 'Price', probability: 0 });
    expect(lost.closedAt).toEqual(NOW);
    // Back to an open stage: the reason goes with the closing.
    expect(await service.move(owner, deal.id, { stage: 'Lead' })).toMatchObject({ closedAt: null, lostReason: null });
  });

  it('refuses a close day after today, a close day for an open stage, and a stage the pipeline lacks', async () => {
    const deal = await service.create(owner, { title: 'Padaria' });
    await expect(service.move(owner, deal.id, { stage: 'Won', closedAt: '2026-11-21' })).rejects.toMatchObject({
      details: [{ path: 'closedAt' }],
    });
    await expect(service.move(owner, deal.id, { stage: 'Proposal', closedAt: '2026-11-19' })).rejects.toMatchObject({
      details: [{ path: 'closedAt' }],
    });
    await expect(service.move(owner, deal.id, { stage: 'Nowhere' })).rejects.toMatchObject({
      code: 'DEAL.INVALID_STAGE',
    });
    expect(await deals.findById(deal.id)).toMatchObject({ stage: 'Lead', closedAt: null });
  });

  it('does not let someone else move a deal that is not theirs', async () => {
    const deal = await service.create(owner, { title: 'Padaria' });
    await expect(service.move({ id: 9, role: 'employee' }, deal.id, { stage: 'Won' })).rejects.toMatchObject({
      code: 'AUTH.FORBIDDEN',
    });
    expect((await deals.findById(deal.id))!.stage).toBe('Lead');
  });
});

describe('DealsService: the people in a deal', () => {
  it('refuses two primaries (naming primary) and an unknown contact (naming its item), writing nothing', async () => {
    deals.knownContacts = new Set([1, 2]);
    const deal = await service.create(owner, { title: 'Padaria' });
    await expect(
      service.setContacts(owner, deal.id, [
        { contactId: 1, role: 'user', primary: true },
        { contactId: 2, role: 'user', primary: true },
      ]),
    ).rejects.toMatchObject({ details: [expect.objectContaining({ path: 'primary' })] });
    await expect(
      service.setContacts(owner, deal.id, [
        { contactId: 1, role: 'user', primary: true },
        { contactId: 3, role: 'user', primary: false },
      ]),
    ).rejects.toMatchObject({ details: [expect.objectContaining({ path: 'items.1.contactId' })] });
    expect(entriesOf(deal.id)).toEqual(['created']);
    expect((await service.get(owner, deal.id)).contacts).toEqual([]);
  });

  it('replaces the people as one change of the deal, contactId following the primary one', async () => {
    const deal = await service.create(owner, { title: 'Padaria' });
    const changed = await service.setContacts(owner, deal.id, [
      { contactId: 7, role: 'technical', primary: false },
      { contactId: 8, role: 'decision_maker', primary: true },
    ]);
    expect(changed.contactId).toBe(8);
    expect(entriesOf(deal.id)).toEqual(['created', 'updated']);
    expect(
      timeline.entries
        .at(-1)!
        .changes.map((change) => change.field)
        .sort(),
    ).toEqual(['contactId', 'contacts']);
    await expect(service.setContacts({ id: 99, role: 'employee' }, deal.id, [])).rejects.toMatchObject({
      code: 'AUTH.FORBIDDEN',
    });
  });
});

describe('DealsService: another pipeline', () => {
  it('moves a deal to a stage of another pipeline with one timeline entry, last in its new column', async () => {
    const there = await service.create(owner, { title: 'Already renewing', pipeline: 'renewals', stage: 'Due' });
    const deal = await service.create(owner, { title: 'Contrato anual' });
    const moved = await service.move(owner, deal.id, { pipeline: 'renewals', stage: 'Due' });
    expect(moved).toMatchObject({ pipeline: 'renewals', stage: 'Due', probability: 40 });
    expect(moved.position).toBeGreaterThan(there.position);
    expect(entriesOf(deal.id)).toEqual(['created', 'updated']);
    expect(timeline.entries.at(-1)!.changes).toEqual(
      expect.arrayContaining([
        { field: 'pipeline', oldValue: DEFAULT_PIPELINE, newValue: 'renewals' },
        { field: 'stage', oldValue: 'Lead', newValue: 'Due' },
      ]),
    );
  });

  it('wins it in the other pipeline by the stage’s kind, whatever its name', async () => {
    const deal = await service.create(owner, { title: 'Contrato anual' });
    const won = await service.move(owner, deal.id, { pipeline: 'renewals', stage: 'Renewed' });
    expect(won.closedAt).toEqual(NOW);
  });

  it('refuses a stage the other pipeline does not have, and any move into an archived pipeline; nothing changes', async () => {
    const deal = await service.create(owner, { title: 'Contrato anual' });
    await expect(service.move(owner, deal.id, { pipeline: 'renewals', stage: 'Proposal' })).rejects.toMatchObject({
      code: 'DEAL.INVALID_STAGE',
    });
    await pipelines.update('renewals', { archived: true });
    await expect(service.move(owner, deal.id, { pipeline: 'renewals', stage: 'Due' })).rejects.toMatchObject({
      code: 'PIPELINE.ARCHIVED',
      details: [{ path: 'pipeline' }],
    });
    await expect(service.create(owner, { title: 'Novo', pipeline: 'renewals' })).rejects.toMatchObject({
      code: 'PIPELINE.ARCHIVED',
    });
    expect(await deals.findById(deal.id)).toMatchObject({ pipeline: DEFAULT_PIPELINE, stage: 'Lead' });
  });
});
