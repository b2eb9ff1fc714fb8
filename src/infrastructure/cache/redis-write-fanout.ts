import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { WriteWatch } from '../db/write-watch';

/**
 * Tells the other processes on the same Redis (the API, the worker, more API replicas) that this one changed data,
 * and tells this one when they did, over a Redis channel: each process's cached reads then start again. Changes
 * within one turn of the event loop go out as one message. While Redis is unreachable, messages are lost: the
 * cache's time to live bounds how long another process answers what it read before; on reconnecting, this process
 * forgets what it cached, since it may have missed some.
 */
export class RedisWriteFanout {
  private readonly id = randomUUID();
  private pending = false;

  constructor(
    private readonly publisher: Redis,
    private readonly subscriber: Redis,
    private readonly channel: string,
    private readonly writes: WriteWatch,
    private readonly logger: Logger,
  ) {}

  /** Subscribes without waiting for Redis: a process starts while Redis is down, and subscribes once it is up. */
  start(): void {
    this.subscriber.on('message', (channel: string, sender: string) => {
      if (channel === this.channel && sender !== this.id) this.writes.changed(true);
    });
    // Its connection's errors are the main client's too, which logs them: not logged twice, never left unhandled.
    this.subscriber.on('error', () => undefined);
    let connectedBefore = false;
    this.subscriber.on('ready', () => {
      if (connectedBefore) this.writes.changed(true);
      connectedBefore = true;
    });
    this.subscriber.subscribe(this.channel).catch((error: unknown) => {
      this.logger.warn({ err: error }, "could not listen for other processes' changes (cached reads expire)");
    });
    this.writes.onChange((remote) => {
      if (!remote) this.announce();
    });
  }

  private announce(): void {
    if (this.pending) return;
    this.pending = true;
    setImmediate(() => {
      this.pending = false;
      this.publisher.publish(this.channel, this.id).catch((error: unknown) => {
        this.logger.warn({ err: error }, 'could not tell other processes about a change (their cached reads expire)');
      });
    });
  }

  /** Drops the listening connection at once (a QUIT would wait for a Redis that is down). */
  close(): void {
    this.subscriber.disconnect();
  }
}
