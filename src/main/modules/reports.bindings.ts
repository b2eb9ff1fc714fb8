import { ContainerModule } from 'inversify';
import { ReportsService } from '../../domain/reports/reports.service';
import { REPORTS_SERVICE, REPORT_REPOSITORY } from '../../domain/reports/reports.tokens';
import { JOB_PROCESSOR } from '../../domain/shared/shared.tokens';
import { RefreshReportsProcessor } from '../../jobs/reports/refresh-reports.processor';
import { KnexReportRepository } from '../../infrastructure/reports/knex-report.repository';

export const reportsModule = new ContainerModule(({ bind }) => {
  bind(REPORT_REPOSITORY).to(KnexReportRepository).inSingletonScope();
  bind(REPORTS_SERVICE).to(ReportsService).inSingletonScope();
  bind(RefreshReportsProcessor).toSelf().inSingletonScope();
  bind(JOB_PROCESSOR).toService(RefreshReportsProcessor);
});
