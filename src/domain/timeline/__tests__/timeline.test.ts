import { describe, expect, it } from 'vitest';
import { contactSubject, diffFields, timelineEntry } from '../timeline';

describe('diffFields', () => {
  it('lists changed fields with old and new values, comparing dates, arrays and objects by value', () => {
    const before = {
      a: 'x',
      tags: ['a'],
      at: new Date('2026-01-01T00:00:00Z'),
      extra: { k: 1 },
      gone: 'y' as string | undefined,
    };
    const after = { a: 'x', tags: ['a', 'b'], at: new Date('2026-01-01T00:00:00Z'), extra: { k: 1 }, gone: undefined };
    expect(diffFields(before, after, ['a', 'tags', 'at', 'extra', 'gone'])).toEqual([
      { field: 'tags', oldValue: ['a'], newValue: ['a', 'b'] },
      { field: 'gone', oldValue: 'y', newValue: null },
    ]);
  });
});

describe('timelineEntry', () => {
  it('writes a contact’s own entry on its own timeline for everyone, naming an import or a bulk change only when there was one', () => {
    const contact = { id: 12, name: 'Padaria' };
    const change = [{ field: 'status', oldValue: 'lead', newValue: 'customer' }];
    expect(timelineEntry(contactSubject(contact), 'updated', { userId: 3 }, change)).toEqual({
      entityType: 'contact',
      entityId: 12,
      action: 'updated',
      entityName: 'Padaria',
      changes: change,
      contactId: 12,
      visibleTo: null,
      userId: 3,
    });
    expect(timelineEntry(contactSubject(contact), 'created', { userId: 3, importId: 8 })).toMatchObject({
      importId: 8,
      changes: [],
    });
    expect(timelineEntry(contactSubject(contact), 'deleted', { userId: 3, bulk: true })).toMatchObject({ bulk: true });
    expect(timelineEntry(contactSubject(contact), 'deleted', { userId: 3, bulk: false })).not.toHaveProperty('bulk');
  });

  it('keeps an activity’s entry to the people it is visible to, on its contact’s timeline', () => {
    const subject = {
      entityType: 'activity' as const,
      entityId: 4,
      entityName: 'Call',
      contactId: 12,
      visibleTo: [3, 5],
    };
    expect(timelineEntry(subject, 'created', { userId: 5 })).toMatchObject({ contactId: 12, visibleTo: [3, 5] });
  });
});
