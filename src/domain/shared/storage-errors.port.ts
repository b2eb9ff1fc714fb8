import type { RetryLaterError } from './retry-later.error';

/** Reads the storage adapter's own errors in domain terms, for the edge that answers them (HTTP). */
export interface StorageErrors {
  /**
   * Bad input only the store caught (a missing reference, a check, a character it cannot store) as a FieldError
   * naming the field; the store refusing for now as in `unavailable`; anything else unchanged.
   */
  translate(error: unknown): unknown;
  /** The store refusing for now (a statement timeout, no connection free, the server down), else null. */
  unavailable(error: unknown): RetryLaterError | null;
}
