import { describe, expect, it } from 'vitest';
import type { Viewer } from '../../../domain/shared/viewer';
import type { Deal } from '../../../domain/deals/deal';
import type { DealsService } from '../../../domain/deals/deals.service';
import type { PipelinesService } from '../../../domain/deals/pipelines.service';
import { DEALS_SERVICE, PIPELINES_SERVICE } from '../../../domain/deals/deals.tokens';
import { useTestRuntime } from '../../../main/__tests__/test-runtime';

const app = useTestRuntime();
const deals = () => app.get<DealsService>(DEALS_SERVICE);
const timelineOf = (deal: Deal) =>
  app.runtime.db.knex('crmTimeline').where({ entityType: 'deal', entityId: deal.id }).orderBy('id');

/** A stage's column as the board lists it, a page of `limit` at a time. */
async function column(viewer: Viewer, stage: string, limit = 2): Promise<string[]> {
  const titles: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await deals().list(viewer, { pipeline: 'default', stage, order: 'position' }, { limit, cursor });
    titles.push(...page.items.map((d) => d.title));
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return titles;
}

describe('moving a deal on the board', () => {
  it('lands last in the new column by default, with one timeline entry, and the column lists in position order', async () => {
    const viewer = await app.viewer();
    const [a, b, c] = [
      await deals().create(viewer, { title: 'A' }),
      await deals().create(viewer, { title: 'B' }),
      await deals().create(viewer, { title: 'C', stage: 'proposal' }),
    ];
    expect(b.position).toBeGreaterThan(a.position);

    const moved = await deals().move(viewer, a.id, { stage: 'proposal' });
    expect(moved).toMatchObject({ stage: 'proposal', closedAt: null, probability: 50, probabilityManual: false });
    expect(moved.position).toBeGreaterThan(c.position);
    expect(await column(viewer, 'proposal', 1)).toEqual(['C', 'A']);
    expect(await column(viewer, 'prospecting')).toEqual(['B']);
    const entries = await timelineOf(a);
    expect(entries.map((e) => e.action)).toEqual(['created', 'updated']);
    expect(entries[1].changes).toEqual([
      { field: 'stage', oldValue: 'prospecting', newValue: 'proposal' },
      { field: 'probability', oldValue: 10, newValue: 50 },
    ]);

    // Dropped between two cards: the board sends the midpoint; only the moved card is written.
    const d = await deals().create(viewer, { title: 'D', stage: 'proposal' });
    const between = await deals().move(viewer, d.id, {
      stage: 'proposal',
      position: (c.position + moved.position) / 2,
    });
    expect(await column(viewer, 'proposal')).toEqual(['C', 'D', 'A']);
    expect(await deals().get(viewer, c.id)).toEqual(c);
    expect(await deals().get(viewer, a.id)).toEqual(moved);
    // A reorder within the column changes nothing the timeline tracks.
    expect((await timelineOf(between)).map((e) => e.action)).toEqual(['created']);
    // Without a position, within its own column too: after the last card.
    await deals().move(viewer, c.id, { stage: 'proposal' });
    expect(await column(viewer, 'proposal')).toEqual(['D', 'A', 'C']);
  });

  it('closes on won and lost stages, wants a reason for lost, and reopens on an open stage', async () => {
    const viewer = await app.viewer();
    const deal = await deals().create(viewer, { title: 'Closing' });
    const won = await deals().move(viewer, deal.id, { stage: 'won' });
    expect(won.closedAt).toBeInstanceOf(Date);

    await expect(deals().move(viewer, deal.id, { stage: 'lost' })).rejects.toMatchObject({
      code: 'DEAL.LOST_REASON_REQUIRED',
    });
    await expect(deals().move(viewer, deal.id, { stage: 'lost', lostReason: '  ' })).rejects.toMatchObject({
      code: 'DEAL.LOST_REASON_REQUIRED',
    });
    const lost = await deals().move(viewer, deal.id, { stage: 'lost', lostReason: 'Price' });
    expect(lost).toMatchObject({ stage: 'lost', lostReason: 'Price' });
    expect(lost.closedAt!.getTime()).toBeGreaterThanOrEqual(won.closedAt!.getTime());

    const reopened = await deals().move(viewer, deal.id, { stage: 'negotiation' });
    expect(reopened).toMatchObject({ stage: 'negotiation', closedAt: null, lostReason: null });
  });

  it("refuses a stage that is not in the deal's pipeline, a stale version and someone else's deal, writing nothing", async () => {
    const [viewer, stranger, admin] = [await app.viewer(), await app.viewer(), await app.viewer('admin')];
    await app.get<PipelinesService>(PIPELINES_SERVICE).create({
      key: 'other',
      name: 'Other',
      stages: [
        { stage: 'elsewhere', color: '#000000', probability: 0, kind: 'open' },
        { stage: 'elsewhere won', color: '#000000', probability: 100, kind: 'won' },
        { stage: 'elsewhere lost', color: '#000000', probability: 0, kind: 'lost' },
      ],
    });
    const deal = await deals().create(viewer, { title: 'Stays put' });

    await expect(deals().move(viewer, deal.id, { stage: 'elsewhere' })).rejects.toMatchObject({
      code: 'DEAL.INVALID_STAGE',
    });
    await expect(deals().move(viewer, deal.id, { stage: 'no-such-stage' })).rejects.toMatchObject({
      code: 'DEAL.INVALID_STAGE',
    });
    await expect(deals().move(viewer, deal.id, { stage: 'proposal', position: Number.NaN })).rejects.toMatchObject({
      code: 'REQUEST.VALIDATION_FAILED',
    });
    await expect(
      deals().move(viewer, deal.id, { stage: 'proposal', updatedAt: new Date(deal.updatedAt.getTime() - 1) }),
    ).rejects.toMatchObject({ code: 'RESOURCE.CONFLICT' });
    await expect(deals().move(stranger, deal.id, { stage: 'proposal' })).rejects.toMatchObject({
      code: 'AUTH.FORBIDDEN',
    });
    await expect(deals().move(viewer, 999_999, { stage: 'proposal' })).rejects.toMatchObject({
      code: 'DEAL.NOT_FOUND',
    });
    expect(await deals().get(viewer, deal.id)).toEqual(deal);
    expect(await timelineOf(deal)).toHaveLength(1);

    // The version the client read, and an admin's move of anyone's deal, go through.
    expect(await deals().move(admin, deal.id, { stage: 'proposal', updatedAt: deal.updatedAt })).toMatchObject({
      stage: 'proposal',
    });
  });
});
