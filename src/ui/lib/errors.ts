import type { TFunction } from 'i18next';
import { ApiError } from './api-client';

/**
 * The human message of a failed call: the server's code translated, else the server's own message
 * (codes this client does not know yet), never raw JSON.
 */
export function errorMessage(error: unknown, t: TFunction): string {
  if (error instanceof ApiError) {
    if (error.server) return t(`errors.${error.server.code}`, { defaultValue: error.server.message });
    return error.message;
  }
  if (error instanceof TypeError) return t('errors.NETWORK');
  return error instanceof Error ? error.message : String(error);
}
