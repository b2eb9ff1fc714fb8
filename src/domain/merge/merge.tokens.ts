export const MERGE_REPOSITORY = Symbol.for('merge.MergeRepository');
export const MERGE_SERVICE = Symbol.for('merge.MergeService');
