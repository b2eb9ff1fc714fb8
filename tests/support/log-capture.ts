import { Writable } from 'node:stream';
import { createLogger, type Logger } from '../../src/infrastructure/logger';

/** The app's logger at `level`, writing into memory: its text, and its lines parsed. */
export function capturedLogger(level = 'info'): {
  logger: Logger;
  text: () => string;
  entries: <T = Record<string, unknown>>() => T[];
} {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return {
    logger: createLogger(level, stream),
    text: () => lines.join(''),
    entries: <T>() => lines.map((line) => JSON.parse(line) as T),
  };
}
