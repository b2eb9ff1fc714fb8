import { AppError } from '../shared/app-error';
import { RecordNotFoundError } from '../crm/crm.errors';

/** Someone else's key answers the same as one that does not exist (an admin sees them all). */
export class ApiKeyNotFoundError extends RecordNotFoundError {
  constructor() {
    super('API_KEY.NOT_FOUND', 'API key');
  }
}

export class ApiKeyLimitError extends AppError {
  constructor(max: number) {
    super('API_KEY.LIMIT_REACHED', `A person has at most ${max} live API keys: revoke one first`);
  }
}

/** A key used beyond what it may do: a write with a read key, or what no key may do (users, keys, webhooks). */
export class ApiKeyScopeError extends AppError {
  constructor(message: string) {
    super('AUTH.SCOPE', message);
  }
}
