import { FilePlus2, Share2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/errors';
import { useSavedReports } from '../../../lib/api/get-saved-reports';
import { useReportChoices } from '../../../lib/report-choices';

/**
 * Saved builder reports, listed beside the quick reports: mine and the ones shared with the team, each
 * opening its view, and the way into the builder ("New report").
 */
export function SavedReports() {
  const { t } = useTranslation();
  const choices = useReportChoices();
  const saved = useSavedReports();
  const reports = saved.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <Card aria-labelledby="saved-reports-title" role="region">
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle id="saved-reports-title">{t('reportBuilder.savedTitle')}</CardTitle>
        <Button asChild size="sm">
          <Link to="/crm/reports/new">
            <FilePlus2 className="h-4 w-4" aria-hidden="true" />
            {t('reportBuilder.newReport')}
          </Link>
        </Button>
      </CardHeader>
      <CardContent>
        {saved.isPending ? (
          <Spinner />
        ) : saved.isError ? (
          <p role="alert" className="text-sm text-danger">
            {errorMessage(saved.error, t)}
          </p>
        ) : reports.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('reportBuilder.savedEmpty')}</p>
        ) : (
          <ul className="grid gap-2" data-testid="saved-reports">
            {reports.map((report) => (
              <li key={report.id}>
                <Link
                  to={`/crm/reports/saved/${report.id}`}
                  className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-border px-3 py-2 hover:bg-muted focus-ring"
                >
                  <span className="min-w-0">
                    <span className="block truncate font-medium text-foreground">{report.name}</span>
                    <span className="block text-xs text-muted-foreground">
                      {t('reportBuilder.summary', {
                        what: t(`reportBuilder.entities.${report.definition.entity}`),
                        measure: choices.measureName(report.definition),
                        grouping: choices.groupingName(report.definition),
                      })}
                      {!report.canEdit && ` · ${t('reportBuilder.by', { name: report.authorName })}`}
                    </span>
                  </span>
                  {report.shared && (
                    <Badge>
                      <Share2 className="h-3 w-3" aria-hidden="true" />
                      {t('reportBuilder.sharedBadge')}
                    </Badge>
                  )}
                </Link>
              </li>
            ))}
          </ul>
        )}
        {saved.hasNextPage && (
          <Button
            variant="outline"
            size="sm"
            className="mt-3"
            onClick={() => void saved.fetchNextPage()}
            disabled={saved.isFetchingNextPage}
          >
            {t('reportBuilder.showMore')}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
