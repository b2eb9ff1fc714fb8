import type { ContactMatchIndex } from './deal-import';

/** What the deals import reads besides the deals' own store. */
export interface DealImportRepository {
  /** The contacts a file's people may land on: those with these e-mails (any case), and those with these names. */
  contactMatches(refs: { emails: string[]; names: string[] }): Promise<ContactMatchIndex>;
  /** The last position of each stage's column of the pipeline (stages without deals left out). */
  lastPositions(pipeline: string): Promise<Map<string, number>>;
}
