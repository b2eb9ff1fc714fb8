/** A dependency readiness depends on: the database, Redis, the job queue. */
export interface HealthCheck {
  readonly name: string;
  /** Resolves with an optional warning when usable, rejects when not. */
  check(): Promise<{ warning?: string } | void>;
}

export type CheckResult = { name: string; status: 'up' | 'warning' | 'down'; detail?: string };

export async function runChecks(checks: HealthCheck[], timeoutMs: number): Promise<CheckResult[]> {
  return Promise.all(
    checks.map(async (c): Promise<CheckResult> => {
      let timer: NodeJS.Timeout | undefined;
      try {
        const result = await Promise.race([
          c.check(),
          new Promise<never>((_, reject) => {
            timer = setTimeout(() => reject(new Error(`timed out after ${timeoutMs} ms`)), timeoutMs);
          }),
        ]);
        return result && result.warning
          ? { name: c.name, status: 'warning', detail: result.warning }
          : { name: c.name, status: 'up' };
      } catch (error) {
        return { name: c.name, status: 'down', detail: (error as Error).message.slice(0, 200) };
      } finally {
        clearTimeout(timer);
      }
    }),
  );
}
