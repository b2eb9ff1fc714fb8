import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { REQUEST_KINDS } from '../privacy-terms';

/** The page in the app that explains what Funil stores about a person, and how to answer each of their rights. */
export function PrivacyGuide() {
  const { t } = useTranslation();
  return (
    <Card>
      <section aria-labelledby="privacy-guide-heading" data-testid="privacy-guide">
        <CardHeader>
          <CardTitle id="privacy-guide-heading">{t('privacy.guide.title')}</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4 text-sm">
          <p className="max-w-3xl">{t('privacy.guide.stores')}</p>
          <p className="max-w-3xl text-muted-foreground">{t('privacy.guide.purpose')}</p>
          <h3 className="font-medium">{t('privacy.guide.rightsTitle')}</h3>
          <dl className="grid gap-3 sm:grid-cols-2">
            {REQUEST_KINDS.map((kind) => (
              <div key={kind} className="grid gap-0.5 rounded-md border border-border p-3">
                <dt className="font-medium">{t(`privacy.kinds.${kind}`)}</dt>
                <dd className="text-muted-foreground">{t(`privacy.guide.answers.${kind}`)}</dd>
              </div>
            ))}
          </dl>
        </CardContent>
      </section>
    </Card>
  );
}
