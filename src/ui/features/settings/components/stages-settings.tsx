import { useTranslation } from 'react-i18next';
import { Card, CardHeader, CardTitle } from '../../../components/ui/card';

/** The stages tab (being built). */
export function StagesSettings() {
  const { t } = useTranslation();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('settings.tabs.stages')}</CardTitle>
      </CardHeader>
    </Card>
  );
}
