import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { PageSpinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/errors';
import { useRetentionRules } from '../api/get-retention';
import { RETENTION_KINDS } from '../privacy-terms';
import { RetentionRuleFields } from './retention-rule-fields';
import { RetentionScan } from './retention-scan';
import { RetentionWaiting } from './retention-waiting';

/**
 * Retention (LGPD arts. 15 and 16): the rules an admin turns on, each with its period; the daily scan (or one now)
 * lists the contacts they find, and nothing is anonymized until an admin decides on each one below.
 */
export function PrivacyRetention() {
  const { t } = useTranslation();
  const rules = useRetentionRules();
  return (
    <Card>
      <section aria-labelledby="privacy-retention-heading" data-testid="privacy-retention">
        <CardHeader className="flex-wrap">
          <div className="grid gap-1">
            <CardTitle id="privacy-retention-heading">{t('privacy.retention.title')}</CardTitle>
            <p className="max-w-2xl text-sm text-muted-foreground">{t('privacy.retention.description')}</p>
            <p className="max-w-2xl text-sm font-medium">{t('privacy.retention.noAutomatic')}</p>
          </div>
        </CardHeader>
        <CardContent className="grid gap-4">
          {rules.isPending ? (
            <PageSpinner />
          ) : rules.isError ? (
            <p role="alert" className="text-sm text-danger">
              {errorMessage(rules.error, t)}
            </p>
          ) : (
            <div className="grid gap-3 lg:grid-cols-2">
              {RETENTION_KINDS.map((kind) => {
                const rule = rules.data.items.find((item) => item.kind === kind);
                return rule && <RetentionRuleFields key={kind} rule={rule} />;
              })}
            </div>
          )}
          <RetentionScan />
        </CardContent>
        <RetentionWaiting />
      </section>
    </Card>
  );
}
