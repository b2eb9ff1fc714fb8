import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { PageSpinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/errors';
import { useSavedReport } from '../api/get-saved-report';
import { BackLink } from '../components/back-link';
import { ReportBuilder } from '../components/report-builder';

/** /crm/reports/new: an empty builder. */
export function ReportBuilderPage() {
  return <ReportBuilder key="new" />;
}

/** /crm/reports/saved/:id: a saved report, editable by its author, read-only for the team once shared. */
export function SavedReportPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const report = useSavedReport(Number.isSafeInteger(id) && id > 0 ? id : 0);
  if (report.isPending) return <PageSpinner />;
  if (report.isError)
    return (
      <div className="grid gap-4">
        <p role="alert" className="text-sm text-danger">
          {errorMessage(report.error, t)}
        </p>
        <BackLink />
      </div>
    );
  return <ReportBuilder key={report.data.id} saved={report.data} />;
}
