import { describe, expect, it } from 'vitest';
import { withoutGroup, type DuplicatesPage } from '../api/get-duplicates';
import { formatPercent } from '../format-confidence';
import {
  MERGE_FIELDS,
  defaultChoices,
  differingFields,
  joinedTags,
  mergeBody,
  oldestId,
  type MergeRecord,
} from '../merge-choices';

const contact = (id: number, values: Record<string, unknown>, createdAt = `2026-01-0${id}T00:00:00Z`): MergeRecord => ({
  id,
  createdAt,
  name: 'Ana Souza',
  email: null,
  phone: null,
  companyId: null,
  position: null,
  source: null,
  status: 'lead',
  score: 0,
  notes: null,
  ownerId: 1,
  tags: [],
  ...values,
});

const FIELDS = MERGE_FIELDS.contacts;

describe('the merge dialog’s choices', () => {
  it('keeps the oldest record by default, the first of equals', () => {
    expect(oldestId([contact(3, {}, '2026-03-01T00:00:00Z'), contact(7, {}, '2025-12-31T23:59:59Z')])).toBe(7);
    expect(oldestId([contact(5, {}, '2026-01-01T00:00:00Z'), contact(2, {}, '2026-01-01T00:00:00Z')])).toBe(5);
  });

  it('asks only about fields whose values differ; an empty text and no value are the same', () => {
    const records = [
      contact(1, { email: 'ana@x.com', phone: '11 1111-1111', notes: '' }),
      contact(2, { email: 'ana@x.com', phone: '11 2222-2222', notes: null, score: 5 }),
    ];
    expect(differingFields(FIELDS, records)).toEqual(['phone', 'score']);
  });

  it('starts each field at the kept record’s value, or the first record that has one when it has none', () => {
    const records = [
      contact(1, { phone: null, position: 'Diretora', source: 'site' }),
      contact(2, { phone: '11 2222-2222', position: 'Gerente' }),
      contact(3, { phone: '11 3333-3333', source: 'evento' }),
    ];
    const kept1 = defaultChoices(FIELDS, records, 1);
    expect(kept1).toMatchObject({ phone: 2, position: 1, source: 1, name: 1 });
    const kept3 = defaultChoices(FIELDS, records, 3);
    expect(kept3).toMatchObject({ phone: 3, position: 1, source: 3 });
    // Nobody has one: the kept record's (empty) value.
    expect(defaultChoices(FIELDS, records, 2).notes).toBe(2);
  });

  it('builds the request: the others merged, a choice for each differing field only, never a record outside the group', () => {
    const records = [contact(4, { email: 'ANA@x.com', phone: '1' }), contact(9, { email: 'ana@x.com', phone: '2' })];
    const choices = { ...defaultChoices(FIELDS, records, 4), phone: 9, notes: 9, email: 77 };
    expect(mergeBody(FIELDS, records, 4, choices)).toEqual({
      keepId: 4,
      mergeIds: [9],
      fields: { email: 4, phone: 9 },
    });
    expect(mergeBody(FIELDS, records, 9, defaultChoices(FIELDS, records, 9))).toEqual({
      keepId: 9,
      mergeIds: [4],
      fields: { email: 9, phone: 9 },
    });
  });

  it('joins the tags, the kept record’s first, each once', () => {
    const records = [contact(1, { tags: ['a', 'b'] }), contact(2, { tags: ['b', 'c'] }), contact(3, { tags: null })];
    expect(joinedTags(records, 2)).toEqual(['b', 'c', 'a']);
    expect(joinedTags(records, 1)).toEqual(['a', 'b', 'c']);
  });
});

describe('the duplicates list', () => {
  it('drops a dismissed or merged group from every page, keeping the others and the cursors', () => {
    const group = (reason: 'email' | 'phone', key: string) =>
      ({ kind: 'contact', reason, key, confidence: 1, members: [] }) as DuplicatesPage['items'][number];
    const list = {
      pages: [
        { items: [group('email', 'a@x.com'), group('phone', 'a@x.com')], nextCursor: 'c1' },
        { items: [group('email', 'b@x.com')], nextCursor: null },
      ],
      pageParams: [undefined, 'c1'],
    };
    const after = withoutGroup(list, 'email:a@x.com')!;
    expect(after.pages.map((page) => page.items.map((g) => `${g.reason}:${g.key}`))).toEqual([
      ['phone:a@x.com'],
      ['email:b@x.com'],
    ]);
    expect(after.pages.map((page) => page.nextCursor)).toEqual(['c1', null]);
    expect(withoutGroup(undefined, 'email:a@x.com')).toBeUndefined();
  });

  it('shows the confidence as a whole percentage', () => {
    expect(formatPercent(0.954)).toBe('95%');
    expect(formatPercent(1)).toBe('100%');
    expect(formatPercent(0.005)).toBe('1%');
  });
});
