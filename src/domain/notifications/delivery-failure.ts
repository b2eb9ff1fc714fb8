/**
 * What a failed e-mail delivery leaves on a notification or reminder for its user to read: the SMTP reply code
 * when the server answered one (of the error or its cause) ("smtp 550"), else whether the mail server could be reached, else a generic word.
 * Never the error's text: an SMTP or driver message can name hosts, addresses or SQL. The worker logs the detail.
 */
export function deliveryFailureReason(error: unknown): string {
  const { responseCode, code, cause } = (error ?? {}) as { responseCode?: unknown; code?: unknown; cause?: unknown };
  if (typeof responseCode === 'number' && responseCode >= 200 && responseCode < 600) return `smtp ${responseCode}`;
  if (
    typeof code === 'string' &&
    /^(ECONNECTION|ECONNREFUSED|ECONNRESET|ETIMEDOUT|ESOCKET|EDNS|ENOTFOUND|EAI_AGAIN|ETLS)$/.test(code)
  ) {
    return 'mail server unreachable';
  }
  // A batch's error carries its first failure as the cause.
  return cause !== undefined && cause !== error ? deliveryFailureReason(cause) : 'delivery failed';
}
