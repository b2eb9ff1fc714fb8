import type { ContactFilter } from '../../../domain/contacts/contact';
import type { ContactRepository } from '../../../domain/contacts/contacts.ports';

/** Every page of a contact list, `limit` at a time: the ids in order, and each page's total ("1000+" when capped). */
export async function searchPages(contacts: ContactRepository, filter: ContactFilter, limit: number) {
  const seen: number[] = [];
  const totals: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await contacts.list(filter, { limit, cursor, includeTotal: true });
    seen.push(...page.items.map((c) => c.id));
    totals.push(`${page.total}${page.totalCapped ? '+' : ''}`);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return { seen, totals };
}
