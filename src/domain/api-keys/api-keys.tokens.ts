export const API_KEY_REPOSITORY = Symbol.for('apiKeys.ApiKeyRepository');
export const API_KEYS_SERVICE = Symbol.for('apiKeys.ApiKeysService');
