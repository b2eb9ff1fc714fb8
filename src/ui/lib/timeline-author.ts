type Translate = (key: string, options?: Record<string, unknown>) => string;

/** Who made a timeline entry: the person (or `someone` once deleted), "via API key <name>" when made with a key. */
export function timelineAuthor(
  entry: { userName: string | null; apiKeyName?: string },
  someone: string,
  t: Translate,
): string {
  const who = entry.userName ?? someone;
  return entry.apiKeyName === undefined ? who : t('timelineAuthor.viaApiKey', { who, key: entry.apiKeyName });
}
