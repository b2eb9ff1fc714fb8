import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/ui/button';

/** Back to the reports page. */
export function BackLink() {
  const { t } = useTranslation();
  return (
    <Button variant="outline" asChild>
      <Link to="/crm/reports">
        <ArrowLeft className="h-4 w-4" aria-hidden="true" />
        {t('reportBuilder.back')}
      </Link>
    </Button>
  );
}
