export const CONTACT_IMPORT_REPOSITORY = Symbol.for('contactImports.ContactImportRepository');
export const IMPORT_FILE = Symbol.for('contactImports.ImportFile');
export const CONTACT_IMPORTS_SERVICE = Symbol.for('contactImports.ContactImportsService');
