import type { CompanyMatchIndex } from './company-import';

/** What the companies import reads besides the companies' own store. */
export interface CompanyImportRepository {
  /**
   * The companies an import's rows may land on: those with these CNPJs (normalized) or e-mail domains, and those
   * whose name is one of `names` up to case, accents and spacing. Importing, call it after `lockImports`.
   */
  importMatches(refs: { cnpjs: string[]; domains: string[]; names: string[] }): Promise<CompanyMatchIndex>;
  /** Until the transaction ends, no other import makes companies (the contacts import takes the same lock). */
  lockImports(): Promise<void>;
}
