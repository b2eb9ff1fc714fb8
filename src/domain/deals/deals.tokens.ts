export const DEAL_REPOSITORY = Symbol.for('deals.DealRepository');
export const PIPELINE_STAGE_REPOSITORY = Symbol.for('deals.PipelineStageRepository');
export const DEALS_SERVICE = Symbol.for('deals.DealsService');
export const PIPELINE_STAGES_SERVICE = Symbol.for('deals.PipelineStagesService');
export const LOST_REASON_REPOSITORY = Symbol.for('deals.LostReasonRepository');
export const LOST_REASONS_SERVICE = Symbol.for('deals.LostReasonsService');
export const PIPELINE_REPOSITORY = Symbol.for('deals.PipelineRepository');
export const PIPELINES_SERVICE = Symbol.for('deals.PipelinesService');
