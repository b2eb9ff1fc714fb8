import type { TFunction } from 'i18next';
import { ApiError } from '../../lib/api-client';
import { errorMessage } from '../../lib/errors';

/**
 * The import's own refusals (IMPORT.*), and a file over the upload's limit, in the wizard's words; anything else as
 * every screen shows it.
 */
export function importErrorMessage(error: unknown, t: TFunction): string {
  const code = error instanceof ApiError ? error.server?.code : undefined;
  if (code?.startsWith('IMPORT.') || code === 'REQUEST.TOO_LARGE') return t(`contactImport.errors.${code}`, { defaultValue: errorMessage(error, t) });
  return errorMessage(error, t);
}
