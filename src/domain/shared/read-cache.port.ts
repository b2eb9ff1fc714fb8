/**
 * Answers that are expensive to read and read far more often than what they count changes (the home's sections).
 * `get` answers the stored value while nothing was written to the database since it was read (by this process or,
 * with Redis, any other) and it is younger than the cache's time to live; otherwise it runs `load`, once for all the
 * requests asking for the same key meanwhile. A key names everything the answer depends on (person, time zone, day).
 */
export interface ReadCache {
  get<T>(key: string, load: () => Promise<T>): Promise<T>;
}
