import { ShieldOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format';

/** The tombstone of an anonymized contact: what happened, when, and why nothing can be changed. */
export function AnonymizedBanner({ at }: { at: string }) {
  const { t } = useTranslation();
  return (
    <div
      role="status"
      className="flex items-start gap-3 rounded-md border border-warning/50 bg-warning/10 px-4 py-3 text-sm text-foreground"
      data-testid="contact-anonymized"
    >
      <ShieldOff className="mt-0.5 h-5 w-5 shrink-0 text-warning" aria-hidden="true" />
      <p>{t('privacy.contact.anonymized', { at: formatDate(at) })}</p>
    </div>
  );
}
