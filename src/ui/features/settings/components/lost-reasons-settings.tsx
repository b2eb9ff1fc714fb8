import { useTranslation } from 'react-i18next';
import { Card, CardHeader, CardTitle } from '../../../components/ui/card';

/** The lostReasons tab (being built). */
export function LostReasonsSettings() {
  const { t } = useTranslation();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('settings.tabs.lostReasons')}</CardTitle>
      </CardHeader>
    </Card>
  );
}
