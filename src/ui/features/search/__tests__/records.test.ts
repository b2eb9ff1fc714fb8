import { beforeEach, describe, expect, it } from 'vitest';
import { hrefOf, readRecent, RECENT_MAX, rememberRecent, type PaletteRecord } from '../records';

// The tests run in Node: a Map stands in for the browser's localStorage.
const store = new Map<string, string>();
Object.defineProperty(globalThis, 'localStorage', {
  configurable: true,
  value: { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) },
});
beforeEach(() => store.clear());

const contact = (id: number): PaletteRecord => ({ kind: 'contact', id, label: `Contact ${id}` });

describe('recent records', () => {
  it('keeps the last opened first, each record once, at most 8, per user', () => {
    for (let id = 1; id <= 10; id++) rememberRecent(7, contact(id));
    rememberRecent(7, contact(5));
    rememberRecent(7, { kind: 'deal', id: 5, label: 'Deal 5', hint: 'Proposta' });
    const recent = readRecent(7);
    expect(recent).toHaveLength(RECENT_MAX);
    expect(recent.map((r) => `${r.kind}-${r.id}`)).toEqual([
      'deal-5',
      'contact-5',
      'contact-10',
      'contact-9',
      'contact-8',
      'contact-7',
      'contact-6',
      'contact-4',
    ]);
    expect(readRecent(8)).toEqual([]);
  });

  it('ignores what it did not write: broken JSON, other shapes, unknown kinds', () => {
    store.set('searchPalette.recent.1', '{not json');
    expect(readRecent(1)).toEqual([]);
    store.set(
      'searchPalette.recent.1',
      JSON.stringify([{ kind: 'user', id: 1, label: 'x' }, { kind: 'contact', id: '2', label: 'y' }, contact(3)]),
    );
    expect(readRecent(1)).toEqual([contact(3)]);
  });
});

describe('where a record opens', () => {
  it('sends each kind to its page or its dialog', () => {
    expect(hrefOf({ kind: 'contact', id: 3 })).toBe('/crm/contacts/3');
    expect(hrefOf({ kind: 'deal', id: 4 })).toBe('/crm/pipeline?deal=4');
    expect(hrefOf({ kind: 'activity', id: 5 })).toBe('/crm/activities?activity=5');
    expect(hrefOf({ kind: 'template', id: 6 })).toBe('/crm/templates?template=6');
    // A note opens where it was logged.
    expect(hrefOf({ kind: 'note', id: 7, opens: { kind: 'contact', id: 3 } })).toBe('/crm/contacts/3');
    expect(hrefOf({ kind: 'note', id: 8, opens: { kind: 'deal', id: 4 } })).toBe('/crm/pipeline?deal=4');
    expect(hrefOf({ kind: 'note', id: 10, opens: { kind: 'company', id: 5 } })).toBe('/crm/companies/5');
  });

  it('remembers a note with where it opens, and drops one without', () => {
    const note: PaletteRecord = { kind: 'note', id: 9, label: 'ligou…', opens: { kind: 'contact', id: 3 } };
    rememberRecent(1, note);
    expect(readRecent(1)).toEqual([note]);
    store.set('searchPalette.recent.1', JSON.stringify([{ kind: 'note', id: 9, label: 'x' }, note]));
    expect(readRecent(1)).toEqual([note]);
  });

  it("keeps a note's kind, and drops a note whose kind is none", () => {
    const call: PaletteRecord = {
      kind: 'note',
      id: 10,
      label: 'ligou',
      opens: { kind: 'deal', id: 4 },
      noteKind: 'call',
    };
    rememberRecent(1, call);
    expect(readRecent(1)).toEqual([call]);
    store.set('searchPalette.recent.1', JSON.stringify([{ ...call, noteKind: 'constructor' }, call]));
    expect(readRecent(1)).toEqual([call]);
  });
});
