import { inject, injectable } from 'inversify';
import type { Page, PageRequest } from '../../domain/shared/list-page';
import { UNIT_OF_WORK } from '../../domain/shared/shared.tokens';
import type { NewSecurityEvent, SecurityEvent, SecurityEventFilter } from '../../domain/users/security-event';
import type { SecurityEventRepository } from '../../domain/users/users.ports';
import { keysetPage } from '../db/keyset-page';
import type { KnexUnitOfWork } from '../db/knex-unit-of-work';
import { SecurityEventModel, toSecurityEvent } from './user.model';

@injectable()
export class KnexSecurityEventRepository implements SecurityEventRepository {
  constructor(@inject(UNIT_OF_WORK) private readonly uow: KnexUnitOfWork) {}

  async record(event: NewSecurityEvent & { ip: string | null; userAgent: string | null }): Promise<void> {
    await this.uow.db('security_events').insert({
      type: event.type,
      userId: event.userId,
      username: event.username,
      actorId: event.actorId ?? null,
      ip: event.ip,
      userAgent: event.userAgent,
      details: event.details ? JSON.stringify(event.details) : null,
    });
  }

  /** Newest first by id; a filter by user or type walks its own (user_id, id) or (type, id) index. */
  list(filter: SecurityEventFilter, page: PageRequest): Promise<Page<SecurityEvent>> {
    const query = SecurityEventModel.query(this.uow.db)
      .leftJoin('users as subject', 'subject.id', 'security_events.userId')
      .leftJoin('users as actor', 'actor.id', 'security_events.actorId')
      .select('security_events.*', 'subject.name as userName', 'actor.name as actorName')
      .modify((q) => {
        if (filter.userId !== undefined) q.where('security_events.userId', filter.userId);
        if (filter.type !== undefined) q.where('security_events.type', filter.type);
      });
    return keysetPage(query, page, toSecurityEvent, { columns: ['security_events.id'], direction: 'desc' });
  }

  async purge(before: Date): Promise<number> {
    return await SecurityEventModel.query(this.uow.db).delete().where('createdAt', '<', before);
  }
}
