import { useCallback, useState } from 'react';
import type { Contact, ContactFilters } from './api/get-contacts';

/** Cards picked one by one (and by shift-click ranges), or every contact the filters match. */
export type ContactSelection = { kind: 'ids'; ids: ReadonlySet<number>; anchor: number | null } | { kind: 'all' };

const NONE: ContactSelection = { kind: 'ids', ids: new Set(), anchor: null };

/**
 * The contacts picked for a bulk change. A click toggles one card; a shift-click selects every card
 * from the last one clicked to this one, in the loaded order. Changing the filters clears it.
 */
export function useContactSelection(filters: ContactFilters) {
  const filterKey = JSON.stringify(filters);
  const [state, setState] = useState<{ filterKey: string; selection: ContactSelection }>({
    filterKey,
    selection: NONE,
  });
  const selection = state.filterKey === filterKey ? state.selection : NONE;
  const set = useCallback((next: ContactSelection) => setState({ filterKey, selection: next }), [filterKey]);

  const isSelected = (id: number) => selection.kind === 'all' || selection.ids.has(id);

  /** `loaded`: the cards in the order the list shows them. */
  const toggle = (contact: Contact, range: boolean, loaded: Contact[]) => {
    // Unticking one card of "all matching" leaves the loaded ones without it.
    const ids = new Set(selection.kind === 'all' ? loaded.map((c) => c.id) : selection.ids);
    const anchor = selection.kind === 'ids' ? selection.anchor : null;
    const from = anchor === null ? -1 : loaded.findIndex((c) => c.id === anchor);
    const to = loaded.findIndex((c) => c.id === contact.id);
    if (range && from >= 0 && to >= 0) {
      for (const c of loaded.slice(Math.min(from, to), Math.max(from, to) + 1)) ids.add(c.id);
    } else if (ids.has(contact.id)) {
      ids.delete(contact.id);
    } else {
      ids.add(contact.id);
    }
    set({ kind: 'ids', ids, anchor: contact.id });
  };

  return {
    selection,
    isSelected,
    toggle,
    selectAll: () => set({ kind: 'all' }),
    clear: () => set(NONE),
    /** How many are selected: with "all matching", the list's total. */
    count: (total: number | undefined) => (selection.kind === 'all' ? (total ?? 0) : selection.ids.size),
  };
}
