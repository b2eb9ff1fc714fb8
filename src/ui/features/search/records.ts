import { NOTE_KIND_ICONS } from '../../components/records/note-kind-icons';
import type { NoteKind } from '../../lib/api/notes';

/** A record the palette can open, as it is listed (and remembered among the recent ones). */
export type RecordKind = 'contact' | 'deal' | 'activity' | 'template' | 'note';

export interface PaletteRecord {
  kind: RecordKind;
  id: number;
  label: string;
  /** A second line: company, contact, subject... */
  hint?: string;
  /** A note opens where it was logged: its contact's page, else its deal, else its company's page. */
  opens?: { kind: 'contact' | 'deal' | 'company'; id: number };
  /** A note's kind (note, call, meeting...), shown by its icon. */
  noteKind?: NoteKind;
}

/** Where Enter takes each kind: the contact's page, or the screen that opens the record in its dialog. */
export function hrefOf({ kind, id, opens }: Pick<PaletteRecord, 'kind' | 'id' | 'opens'>): string {
  switch (kind) {
    case 'note':
      if (!opens) return '/crm/contacts';
      return opens.kind === 'company' ? `/crm/companies/${opens.id}` : hrefOf({ kind: opens.kind, id: opens.id });
    case 'contact':
      return `/crm/contacts/${id}`;
    case 'deal':
      return `/crm/pipeline?deal=${id}`;
    case 'activity':
      return `/crm/activities?activity=${id}`;
    case 'template':
      return `/crm/templates?template=${id}`;
  }
}

export const RECENT_MAX = 8;
const KINDS: readonly string[] = ['contact', 'deal', 'activity', 'template', 'note'];
const keyOf = (userId: number) => `searchPalette.recent.${userId}`;

function isRecord(value: unknown): value is PaletteRecord {
  const r = value as Partial<PaletteRecord> | null;
  return (
    !!r &&
    KINDS.includes(r.kind as string) &&
    Number.isSafeInteger(r.id) &&
    typeof r.label === 'string' &&
    (r.hint === undefined || typeof r.hint === 'string') &&
    (r.kind !== 'note' ||
      ((r.opens?.kind === 'contact' || r.opens?.kind === 'deal' || r.opens?.kind === 'company') &&
        Number.isSafeInteger(r.opens.id))) &&
    (r.noteKind === undefined || Object.hasOwn(NOTE_KIND_ICONS, r.noteKind))
  );
}

/** The records this user last opened from the palette, newest first (this browser only). */
export function readRecent(userId: number): PaletteRecord[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(keyOf(userId)) ?? '[]');
    return Array.isArray(stored) ? stored.filter(isRecord).slice(0, RECENT_MAX) : [];
  } catch {
    return [];
  }
}

/** Puts a record first among the recent ones (once), keeping at most RECENT_MAX. */
export function rememberRecent(userId: number, record: PaletteRecord): PaletteRecord[] {
  const next = [record, ...readRecent(userId).filter((r) => r.kind !== record.kind || r.id !== record.id)].slice(
    0,
    RECENT_MAX,
  );
  try {
    localStorage.setItem(keyOf(userId), JSON.stringify(next));
  } catch {
    // No storage: the list lasts for this page only.
  }
  return next;
}
