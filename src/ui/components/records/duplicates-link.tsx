import { CopyCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Button } from '../ui/button';

/** A list header's way to its records' likely duplicates (/crm/duplicates, on the contacts' or the companies' tab). */
export function DuplicatesLink({ kind }: { kind: 'contacts' | 'companies' }) {
  const { t } = useTranslation();
  return (
    <Button variant="outline" asChild>
      <Link to={kind === 'contacts' ? '/crm/duplicates' : '/crm/duplicates?kind=companies'}>
        <CopyCheck className="h-4 w-4" aria-hidden="true" />
        {t('duplicates.open')}
      </Link>
    </Button>
  );
}
