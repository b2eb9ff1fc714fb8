export interface SecurityFacts {
  /** Accounts whose stored password is not an argon2id hash. */
  weakPasswordHashes: number;
  demoMode: boolean;
  /** Whether this request's session cookie is Secure (HTTPS) with the __Host- prefix. */
  secureCookies: boolean;
  /** SESSION_SECRET was set by the operator rather than generated on this machine. */
  sessionSecretConfigured: boolean;
}

export const SECURITY_CHECK_IDS = [
  'passwords_argon2id',
  'demo_mode_off',
  'secure_cookies',
  'session_secret_configured',
] as const;
export type SecurityCheckId = (typeof SECURITY_CHECK_IDS)[number];

/** The dashboard's security score: the share of these real checks that pass, as a percentage. */
export function securityScore(facts: SecurityFacts): {
  score: number;
  checks: { id: SecurityCheckId; passed: boolean }[];
} {
  const passed: Record<SecurityCheckId, boolean> = {
    passwords_argon2id: facts.weakPasswordHashes === 0,
    demo_mode_off: !facts.demoMode,
    secure_cookies: facts.secureCookies,
    session_secret_configured: facts.sessionSecretConfigured,
  };
  const checks = SECURITY_CHECK_IDS.map((id) => ({ id, passed: passed[id] }));
  return { score: Math.round((checks.filter((c) => c.passed).length / checks.length) * 1000) / 10, checks };
}
