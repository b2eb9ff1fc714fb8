import { ContainerModule } from 'inversify';
import { ReportBuilderService } from '../../domain/report-builder/report-builder.service';
import {
  REPORT_BUILDER_SERVICE,
  REPORT_QUERY_RUNNER,
  SAVED_REPORT_REPOSITORY,
} from '../../domain/report-builder/report-builder.tokens';
import { KnexReportQueryRunner } from '../../infrastructure/report-builder/knex-report-query.runner';
import { KnexSavedReportRepository } from '../../infrastructure/report-builder/knex-saved-report.repository';

export const reportBuilderModule = new ContainerModule(({ bind }) => {
  bind(REPORT_QUERY_RUNNER).to(KnexReportQueryRunner).inSingletonScope();
  bind(SAVED_REPORT_REPOSITORY).to(KnexSavedReportRepository).inSingletonScope();
  bind(REPORT_BUILDER_SERVICE).to(ReportBuilderService).inSingletonScope();
});
