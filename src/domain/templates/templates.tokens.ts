export const TEMPLATE_REPOSITORY = Symbol.for('templates.TemplateRepository');
export const TEMPLATES_SERVICE = Symbol.for('templates.TemplatesService');
