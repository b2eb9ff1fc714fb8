import { ScanSearch } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/errors';
import { formatInteger } from '../../../lib/format';
import { useScanRetention } from '../api/retention-mutations';

/** Runs the daily scan now and says how many contacts it listed (none anonymized). */
export function RetentionScan() {
  const { t } = useTranslation();
  const scan = useScanRetention();
  const listed = scan.data?.listed;
  const rulesOn = listed ? Object.keys(listed).length : 0;
  const total = listed ? Object.values(listed).reduce((sum, n) => sum + (n ?? 0), 0) : 0;
  const run = () =>
    scan.mutate(undefined, {
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: t('privacy.retention.scanFailed'),
          description: errorMessage(error, t),
        }),
    });
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button variant="outline" onClick={run} disabled={scan.isPending}>
        {scan.isPending ? <Spinner /> : <ScanSearch className="h-4 w-4" aria-hidden="true" />}
        {t('privacy.retention.scan')}
      </Button>
      <p role="status" className="text-sm" data-testid="retention-scan-result">
        {listed &&
          (rulesOn === 0
            ? t('privacy.retention.scanNoRules')
            : t('privacy.retention.scanned', { count: total, formatted: formatInteger(total) }))}
      </p>
    </div>
  );
}
