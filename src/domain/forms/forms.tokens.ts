export const LEAD_FORM_REPOSITORY = Symbol.for('forms.LeadFormRepository');
export const FORMS_SERVICE = Symbol.for('forms.FormsService');
/** Whether the deployment is in production (a redirect must then be https). */
export const FORMS_POLICY = Symbol.for('forms.FormsPolicy');
