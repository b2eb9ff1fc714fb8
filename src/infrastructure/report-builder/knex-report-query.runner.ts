import { inject, injectable } from 'inversify';
import type { ReportDefinition } from '../../domain/report-builder/report-definition';
import type { ReportQueryResult, ReportQueryRunner } from '../../domain/report-builder/report-builder.ports';
import { UNIT_OF_WORK } from '../../domain/shared/shared.tokens';
import type { Knex } from '../db/database';
import type { KnexUnitOfWork } from '../db/knex-unit-of-work';
import { reportStatement } from './report-sql';

interface Row {
  kind: 'group' | 'other' | 'total';
  key: string | null;
  label: string | null;
  count: number;
  value: string | null;
  folded: number;
}

@injectable()
export class KnexReportQueryRunner implements ReportQueryRunner {
  constructor(@inject(UNIT_OF_WORK) private readonly uow: KnexUnitOfWork) {}

  async run(
    definition: ReportDefinition,
    since: Date | null,
    until: Date,
    summed?: 'currency' | 'number',
  ): Promise<ReportQueryResult> {
    const { sql, bindings } = reportStatement(definition, since, until, summed);
    const rows: Row[] = (await this.uow.db.raw(sql, bindings as Knex.RawBinding[])).rows;
    const total = rows.find((r) => r.kind === 'total')!;
    const other = rows.find((r) => r.kind === 'other');
    return {
      groups: rows
        .filter((r) => r.kind !== 'total')
        .map((r) => ({ key: r.key, label: r.label, other: r.kind === 'other', count: r.count, value: r.value })),
      total: { count: total.count, value: total.value },
      otherGroups: other?.folded ?? 0,
    };
  }
}
