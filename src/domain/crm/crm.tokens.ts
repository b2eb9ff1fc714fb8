export const UNIT_OF_WORK = Symbol.for('crm.UnitOfWork');
