import { TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { usePossibleDuplicates, type DuplicateProbe } from '../api/get-possible-duplicates';
import { useDebouncedValue } from '../../../lib/hooks/use-debounced-value';

const DUPLICATES_DEBOUNCE_MS = 400;

/** What is worth asking about: a name of 4+ characters (as the server compares), an address, a phone of 8+ digits. */
function probeOf(
  fields: { name: string; email: string; phone: string },
  excludeId: number | undefined,
): DuplicateProbe | null {
  const name = fields.name.trim();
  const email = fields.email.trim();
  const phone = fields.phone.trim();
  const probe: DuplicateProbe = {
    ...(name.length >= 4 && { name }),
    ...(email.includes('@') && { email }),
    ...(phone.replace(/\D/g, '').length >= 8 && { phone }),
  };
  if (!probe.name && !probe.email && !probe.phone) return null;
  return excludeId === undefined ? probe : { ...probe, excludeId };
}

/**
 * "Possible duplicate": the contacts with the same email or phone, or a very similar name, as the one
 * being written, each a link to its page and why it matched. Asked as the user types (debounced);
 * a polite live region, so it is announced without taking the focus. Saving anyway stays allowed.
 */
export function DuplicateNotice({
  name,
  email,
  phone,
  excludeId,
}: {
  name: string;
  email: string;
  phone: string;
  excludeId?: number;
}) {
  const { t } = useTranslation();
  // Debounced as text: a new object every render would never settle.
  const probe = JSON.parse(
    useDebouncedValue(JSON.stringify(probeOf({ name, email, phone }, excludeId)), DUPLICATES_DEBOUNCE_MS),
  ) as DuplicateProbe | null;
  const duplicates = usePossibleDuplicates(probe ?? {}, probe !== null);
  const items = probe ? (duplicates.data?.items ?? []) : [];
  return (
    <div
      role="status"
      aria-live="polite"
      className={items.length ? 'sm:col-span-2' : 'sr-only'}
      data-testid="duplicate-notice"
    >
      {items.length > 0 && (
        <div className="flex gap-2 rounded-md border border-warning/50 bg-warning/10 px-3 py-2 text-sm text-foreground">
          <TriangleAlert className="mt-0.5 h-4 w-4 shrink-0 text-warning" aria-hidden="true" />
          <div className="grid min-w-0 gap-1">
            <p className="font-medium">{t('contactDuplicates.title', { count: items.length })}</p>
            <ul className="grid gap-0.5">
              {items.map((duplicate) => (
                <li key={duplicate.id} className="min-w-0">
                  <Link
                    to={`/crm/contacts/${duplicate.id}`}
                    className="rounded-sm font-medium text-primary underline underline-offset-2 focus-ring"
                  >
                    {duplicate.name}
                  </Link>
                  {duplicate.company && <span className="text-muted-foreground"> · {duplicate.company}</span>}{' '}
                  <span className="text-muted-foreground">
                    ({duplicate.reasons.map((reason) => t(`contactDuplicates.reason.${reason}`)).join(', ')})
                  </span>
                </li>
              ))}
            </ul>
            <p className="text-xs text-muted-foreground">{t('contactDuplicates.hint')}</p>
          </div>
        </div>
      )}
    </div>
  );
}
