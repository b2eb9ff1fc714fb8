type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * Who made a timeline entry: the person (or `someone` once deleted), "via API key <name>" when made with a key,
 * "from form <name>" when a web form's submission made it (in its lead owner's name).
 */
export function timelineAuthor(
  entry: { userName: string | null; apiKeyName?: string; formName?: string },
  someone: string,
  t: Translate,
): string {
  const who = entry.userName ?? someone;
  if (entry.formName !== undefined) return t('timelineAuthor.viaForm', { who, form: entry.formName });
  return entry.apiKeyName === undefined ? who : t('timelineAuthor.viaApiKey', { who, key: entry.apiKeyName });
}
