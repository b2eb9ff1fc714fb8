import { describe, expect, it } from 'vitest';
import { WEBHOOK_EVENT_GROUPS, groupState, toggleGroup } from '../webhook-events';

const deals = WEBHOOK_EVENT_GROUPS.find((group) => group.record === 'deal')!;

describe('webhook events in the form', () => {
  it('groups the events by record, in order', () => {
    expect(WEBHOOK_EVENT_GROUPS.map((group) => [group.record, group.events.length])).toEqual([
      ['contact', 3],
      ['company', 3],
      ['deal', 6],
      ['activity', 3],
      ['note', 3],
      ['import', 1],
    ]);
    expect(deals.events).toEqual([
      'deal.created',
      'deal.updated',
      'deal.deleted',
      'deal.stage_changed',
      'deal.won',
      'deal.lost',
    ]);
  });

  it("reads a group's box as none, some or all of it chosen", () => {
    expect(groupState(['contact.created'], deals)).toBe(false);
    expect(groupState(['deal.won', 'contact.created'], deals)).toBe('indeterminate');
    expect(groupState(deals.events, deals)).toBe(true);
  });

  it("chooses a group's every event when some were not, none when all were, keeping the other groups' in order", () => {
    expect(toggleGroup(['note.deleted', 'deal.won', 'contact.created'], deals)).toEqual([
      'contact.created',
      ...deals.events,
      'note.deleted',
    ]);
    expect(toggleGroup(['contact.created', ...deals.events], deals)).toEqual(['contact.created']);
  });
});
