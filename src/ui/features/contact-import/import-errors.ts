import type { TFunction } from 'i18next';
import { ApiError } from '../../lib/api-client';
import { errorMessage } from '../../lib/errors';

/**
 * The import's own refusals (IMPORT.*), a file over the upload's limit, and a file that cannot be read (a 400 on
 * `file`: not CSV, empty), in the wizard's words; anything else as every screen shows it.
 */
export function importErrorMessage(error: unknown, t: TFunction): string {
  const server = error instanceof ApiError ? error.server : null;
  const code = server?.code;
  if (code?.startsWith('IMPORT.') || code === 'REQUEST.TOO_LARGE')
    return t(`contactImport.errors.${code}`, { defaultValue: errorMessage(error, t) });
  const unreadable = Array.isArray(server?.details)
    ? server.details.find((d) => d.path === 'file' && d.type?.startsWith('import.'))
    : undefined;
  if (unreadable?.type)
    return t(`contactImport.errors.file.${unreadable.type.slice('import.'.length)}`, {
      defaultValue: errorMessage(error, t),
    });
  return errorMessage(error, t);
}
