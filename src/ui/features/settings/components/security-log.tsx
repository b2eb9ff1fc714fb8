import { useTranslation } from 'react-i18next';
import { Card, CardHeader, CardTitle } from '../../../components/ui/card';

/** The securityLog tab (being built). */
export function SecurityLog() {
  const { t } = useTranslation();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('settings.tabs.securityLog')}</CardTitle>
      </CardHeader>
    </Card>
  );
}
