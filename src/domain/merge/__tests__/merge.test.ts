import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FieldError } from '../../crm/crm.errors';
import { checkMergeRequest, planMerge } from '../merge';

interface Rec {
  id: number;
  name: string;
  email: string | null;
  score: number;
  tags: string[];
  customFields: Record<string, unknown>;
}

const FIELDS = ['name', 'email', 'score', 'tags', 'customFields'] as const;

const record = (id: number) =>
  fc.record({
    id: fc.constant(id),
    name: fc.constantFrom('Ana', 'Ana Souza', 'Bia'),
    email: fc.constantFrom(null, '', 'a@x.test', 'b@x.test'),
    score: fc.integer({ min: 0, max: 3 }),
    tags: fc.uniqueArray(fc.constantFrom('a', 'b', 'c', 'd'), { maxLength: 3 }),
    customFields: fc.dictionary(fc.constantFrom('k1', 'k2', 'k3'), fc.integer({ min: 0, max: 9 }), { maxKeys: 2 }),
  });

/** Three records (the first kept) and, per field, maybe one of their ids. */
const merges = fc
  .tuple(record(1), record(2), record(3))
  .chain((records) =>
    fc.tuple(
      fc.constant(records),
      fc.record(Object.fromEntries(FIELDS.map((f) => [f, fc.option(fc.constantFrom(1, 2, 3), { nil: undefined })]))),
    ),
  );

const empty = (v: unknown) =>
  v === null || v === '' || (Array.isArray(v) && v.length === 0) || (typeof v === 'object' && !Object.keys(v!).length);

describe('planMerge', () => {
  it('takes each chosen value, keeps or fills the rest, joins tags, and lists exactly the fields it changes', () => {
    fc.assert(
      fc.property(merges, ([[keep, ...merged], picked]) => {
        const fields = Object.fromEntries(Object.entries(picked).filter(([, id]) => id !== undefined)) as Record<
          string,
          number
        >;
        const { values, changes } = planMerge<Rec>(
          keep,
          merged,
          { fields },
          {
            fields: FIELDS,
            unions: ['tags'],
            objects: ['customFields'],
          },
        );
        const result = { ...keep, ...values };
        const all = [keep, ...merged];
        const byId = (id: number) => all.find((r) => r.id === id)!;
        for (const field of ['name', 'email', 'score'] as const) {
          const chosen = fields[field];
          if (chosen !== undefined) expect(result[field]).toEqual(byId(chosen)[field]);
          else if (!empty(keep[field])) expect(result[field]).toEqual(keep[field]);
          else {
            const filler = merged.find((r) => !empty(r[field]));
            expect(result[field]).toEqual(filler ? filler[field] : keep[field]);
          }
        }
        if (fields.tags === undefined) {
          // Every tag of every record, once, the kept record's first in their order.
          expect(new Set(result.tags)).toEqual(new Set(all.flatMap((r) => r.tags)));
          expect(result.tags).toHaveLength(new Set(result.tags).size);
          expect(result.tags.slice(0, keep.tags.length)).toEqual(keep.tags);
        } else expect(result.tags).toEqual(byId(fields.tags).tags);
        // Every key of every record; the chosen (or kept) record's value wins.
        const winner = byId(fields.customFields ?? keep.id).customFields;
        for (const key of new Set(all.flatMap((r) => Object.keys(r.customFields))))
          expect(result.customFields[key]).toEqual(
            key in winner
              ? winner[key]
              : (key in keep.customFields ? keep : merged.find((r) => key in r.customFields)!).customFields[key],
          );
        const changed = FIELDS.filter((f) => JSON.stringify(result[f]) !== JSON.stringify(keep[f]));
        expect(changes.map((c) => c.field)).toEqual(changed);
        for (const change of changes) {
          expect(change.oldValue).toEqual(keep[change.field as keyof Rec]);
          expect(change.newValue).toEqual(result[change.field as keyof Rec]);
        }
      }),
      { numRuns: 500 },
    );
  });
});

describe('checkMergeRequest', () => {
  const path = (request: Parameters<typeof checkMergeRequest>[0]) => {
    try {
      checkMergeRequest(request, FIELDS);
      return null;
    } catch (error) {
      return (error as FieldError).details;
    }
  };

  it('names the field of each mistake and takes a well-formed request', () => {
    expect(path({ keepId: 1, mergeIds: [2, 3], fields: { email: 3, tags: 1 } })).toBeNull();
    expect(path({ keepId: 1, mergeIds: [1], fields: {} })).toEqual([expect.objectContaining({ path: 'mergeIds' })]);
    expect(path({ keepId: 1, mergeIds: [], fields: {} })).toEqual([expect.objectContaining({ path: 'mergeIds' })]);
    expect(path({ keepId: 1, mergeIds: [2, 2], fields: {} })).toEqual([expect.objectContaining({ path: 'mergeIds' })]);
    expect(path({ keepId: 1, mergeIds: Array.from({ length: 11 }, (_, i) => i + 2), fields: {} })).toEqual([
      expect.objectContaining({ path: 'mergeIds' }),
    ]);
    expect(path({ keepId: 1, mergeIds: [2], fields: { id: 2 } })).toEqual([
      expect.objectContaining({ path: 'fields.id' }),
    ]);
    expect(path({ keepId: 1, mergeIds: [2], fields: { email: 4 } })).toEqual([
      expect.objectContaining({ path: 'fields.email' }),
    ]);
  });
});
