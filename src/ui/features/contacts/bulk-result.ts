import type { TFunction } from 'i18next';
import { formatInteger } from '../../lib/format';
import type { BulkContactsResult } from './api/bulk-contacts';
import type { Contact } from './api/get-contacts';

const REFUSAL_REASONS: Record<string, 'forbidden' | 'gone'> = {
  'AUTH.FORBIDDEN': 'forbidden',
  'CONTACT.NOT_FOUND': 'gone',
};
const NAMES_SHOWN = 3;

/** "3 contacts changed" and, briefly, what was left: already so, and refused by reason with a few names. */
export function describeResult(
  result: BulkContactsResult,
  action: 'update' | 'delete',
  loaded: Contact[],
  t: TFunction,
): { title: string; description?: string } {
  const { changed, unchanged, refused } = result;
  const title = t(action === 'delete' ? 'contactsBulk.result.deleted' : 'contactsBulk.result.changed', {
    count: changed,
    formatted: formatInteger(changed),
  });
  const names = new Map(loaded.map((contact) => [contact.id, contact.name]));
  const byReason = new Map<string, number[]>();
  for (const { id, code } of refused) {
    const reason = REFUSAL_REASONS[code] ?? 'other';
    byReason.set(reason, [...(byReason.get(reason) ?? []), id]);
  }
  const reasons = [...byReason].map(([reason, ids]) => {
    const shown = ids.slice(0, NAMES_SHOWN).map((id) => names.get(id) ?? `#${id}`);
    const more = ids.length > NAMES_SHOWN ? ` +${formatInteger(ids.length - NAMES_SHOWN)}` : '';
    return t(`contactsBulk.result.reason.${reason}`, { count: ids.length, names: shown.join(', ') + more });
  });
  const parts = [
    unchanged > 0 && t('contactsBulk.result.unchanged', { count: unchanged, formatted: formatInteger(unchanged) }),
    refused.length > 0 &&
      t('contactsBulk.result.refused', {
        count: refused.length,
        formatted: formatInteger(refused.length),
        reasons: reasons.join('; '),
      }),
  ].filter(Boolean);
  return { title, description: parts.length ? parts.join(' ') : undefined };
}
