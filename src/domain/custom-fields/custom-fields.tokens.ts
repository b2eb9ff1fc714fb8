export const CUSTOM_FIELD_REPOSITORY = Symbol.for('customFields.CustomFieldRepository');
export const CUSTOM_FIELDS_SERVICE = Symbol.for('customFields.CustomFieldsService');
