import type { CustomField } from '../custom-fields/custom-field';
import { unknownCustomTargets } from '../custom-fields/custom-field-cell';
import { ValidationError } from '../shared/app-error';
import type { ImportRow } from './contact-import';
import type { ImportFile, ImportSource } from './contact-imports.ports';

/**
 * The small imports read whole in the request (companies, deals): the file's header and the mapping used, the
 * mapping sent or guessed from the headers, each mapped column in the file and each custom field target one of the
 * entity's (retired ones included, so a column naming one is refused). Each import then checks its own required
 * targets. An empty file is a 400 naming `file`; a bad column or target a 400 naming `mapping.<column>`.
 */
export async function readImportHeader<M extends Record<string, string>>(
  file: ImportFile,
  source: ImportSource,
  custom: { fields: CustomField[]; entity: string; plural: string },
  sent: M | undefined,
  guess: (columns: string[], fields: CustomField[]) => M,
): Promise<{ columns: string[]; mapping: M; byKey: Map<string, CustomField> }> {
  const columns = await file.columns(source);
  if (!columns.length)
    throw new ValidationError([{ path: 'file', message: 'The file is empty', type: 'import.empty' }]);
  const byKey = new Map(custom.fields.map((field) => [field.key, field]));
  const mapping = sent ?? guess(columns, custom.fields);
  const missing = Object.keys(mapping).filter((column) => !columns.includes(column));
  if (missing.length)
    throw new ValidationError(
      missing.map((column) => ({
        path: `mapping.${column}`,
        message: `The file has no column "${column}"`,
        type: 'import.column',
      })),
    );
  const unknown = unknownCustomTargets(mapping, byKey);
  if (unknown.length)
    throw new ValidationError(
      unknown.map(([column, target]) => ({
        path: `mapping.${column}`,
        message: `${target} is not a field of ${custom.plural} (GET /api/crm/fields?entity=${custom.entity} lists them)`,
        type: 'import.field',
      })),
    );
  return { columns, mapping, byKey };
}

/** Every row of the file, each checked by `check`; more than `max` rows is a 400 naming `file`. */
export async function checkImportRows<R>(
  file: ImportFile,
  source: ImportSource,
  max: number,
  check: (row: ImportRow) => R,
): Promise<R[]> {
  const rows: R[] = [];
  for await (const row of file.rows(source)) {
    if (rows.length === max)
      throw new ValidationError([
        { path: 'file', message: `The file has more than ${max} rows: import it in parts`, type: 'import.rows' },
      ]);
    rows.push(check(row));
  }
  return rows;
}
