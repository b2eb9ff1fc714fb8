import { ContainerModule } from 'inversify';
import { DealImportsService } from '../../domain/deals/deal-imports.service';
import { DEAL_IMPORT_REPOSITORY, DEAL_IMPORTS_SERVICE } from '../../domain/deals/deal-imports.tokens';
import { DealsService } from '../../domain/deals/deals.service';
import { LostReasonsService } from '../../domain/deals/lost-reasons.service';
import { PipelineStagesService } from '../../domain/deals/pipeline-stages.service';
import { PipelinesService } from '../../domain/deals/pipelines.service';
import {
  DEALS_SERVICE,
  DEAL_REPOSITORY,
  LOST_REASONS_SERVICE,
  LOST_REASON_REPOSITORY,
  PIPELINE_REPOSITORY,
  PIPELINE_STAGES_SERVICE,
  PIPELINE_STAGE_REPOSITORY,
  PIPELINES_SERVICE,
} from '../../domain/deals/deals.tokens';
import { KnexDealImportRepository } from '../../infrastructure/deals/knex-deal-import.repository';
import { KnexDealRepository } from '../../infrastructure/deals/knex-deal.repository';
import { KnexLostReasonRepository } from '../../infrastructure/deals/knex-lost-reason.repository';
import { KnexPipelineStageRepository } from '../../infrastructure/deals/knex-pipeline-stage.repository';
import { KnexPipelineRepository } from '../../infrastructure/deals/knex-pipeline.repository';

export const dealsModule = new ContainerModule(({ bind }) => {
  bind(DEAL_REPOSITORY).to(KnexDealRepository).inSingletonScope();
  bind(PIPELINE_STAGE_REPOSITORY).to(KnexPipelineStageRepository).inSingletonScope();
  bind(DEALS_SERVICE).to(DealsService).inSingletonScope();
  bind(PIPELINE_STAGES_SERVICE).to(PipelineStagesService).inSingletonScope();
  bind(LOST_REASON_REPOSITORY).to(KnexLostReasonRepository).inSingletonScope();
  bind(LOST_REASONS_SERVICE).to(LostReasonsService).inSingletonScope();
  bind(PIPELINE_REPOSITORY).to(KnexPipelineRepository).inSingletonScope();
  bind(PIPELINES_SERVICE).to(PipelinesService).inSingletonScope();
  bind(DEAL_IMPORT_REPOSITORY).to(KnexDealImportRepository).inSingletonScope();
  bind(DEAL_IMPORTS_SERVICE).to(DealImportsService).inSingletonScope();
});
