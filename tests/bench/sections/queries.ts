import { ACTIVITY_TYPES } from '../../../src/domain/activities/activity';
import type { ContactsService } from '../../../src/domain/contacts/contacts.service';
import { CONTACTS_SERVICE } from '../../../src/domain/contacts/contacts.tokens';
import type { ReportBuilderService } from '../../../src/domain/report-builder/report-builder.service';
import { REPORT_BUILDER_SERVICE } from '../../../src/domain/report-builder/report-builder.tokens';
import type { ReportDefinition } from '../../../src/domain/report-builder/report-definition';
import { QUICK_REPORTS, REPORT_PERIODS } from '../../../src/domain/reports/report';
import type { ReportsService } from '../../../src/domain/reports/reports.service';
import { REPORTS_SERVICE } from '../../../src/domain/reports/reports.tokens';
import type { SearchService } from '../../../src/domain/search/search.service';
import { SEARCH_SERVICE } from '../../../src/domain/search/search.tokens';
import { REPORT_SQL } from '../../../src/infrastructure/reports/knex-report.repository';
import { COMMON_TERM, RARE_TERM } from '../http/scenarios';
import { CRM_DATA, QUICK_CRM_DATA, createBenchDatabase, describeData, seedCrm } from '../support/crm-data';
import { medianMs, openBenchRuntime, timed } from '../support/runtime';
import type { BenchContext, BenchRow, BenchSection } from '../support/section';

/**
 * Service-level timings on PostgreSQL (no HTTP): the report refresh against its SQL run bare, the search palette
 * against the contact list's search, report builder definitions and the quick reports. Medians of 5.
 */
export async function run(ctx: BenchContext): Promise<BenchSection> {
  const size = ctx.quick ? QUICK_CRM_DATA : CRM_DATA;
  const db = await createBenchDatabase(ctx.postgresUrl, 'queries');
  const runtime = await openBenchRuntime({ databaseUrl: db.url, label: 'queries' }).catch(async (error) => {
    await db.drop();
    throw error;
  });
  const { knex } = runtime.db;
  const rows: BenchRow[] = [];
  const row = (measure: string, ms: number, note = '') =>
    rows.push({ measure, values: { 'ms (median of 5)': Math.round(ms), note } });
  try {
    // The background pool: the API pool's statement timeout (5 s) would cut the generation of 200,000 activities.
    const [, seedMs] = await timed(() => seedCrm(runtime.db.background, size));
    ctx.log(`data set in ${(seedMs / 1000).toFixed(1)} s`);

    // One report refresh, against the same statements run bare.
    const reportsService = runtime.container.get<ReportsService>(REPORTS_SERVICE);
    const refreshMs = await medianMs(() => reportsService.refresh(), ctx.quick ? 1 : 5);
    const now = new Date();
    const rawMs = await medianMs(
      async () => {
        for (const [name, sql] of Object.entries(REPORT_SQL)) {
          // Every pipeline (null), as the refresh's first and, with one pipeline, only aggregation.
          const bindings: unknown[] = [
            null,
            now,
            now,
            [...REPORT_PERIODS],
            ...(name === 'activitiesByType' ? [[...ACTIVITY_TYPES]] : []),
          ];
          await knex.raw(sql, bindings as never);
        }
      },
      ctx.quick ? 1 : 5,
    );
    row(
      'Report refresh (4 periods, every figure, stored)',
      refreshMs,
      `the same SQL run bare: ${Math.round(rawMs)} ms`,
    );

    // The search palette (contacts, deals, one user's activities, templates: one call) against the contact list's
    // search (its first page of 50), on the same texts: rare, common, absent.
    const contactsService = runtime.container.get<ContactsService>(CONTACTS_SERVICE);
    const searchService = runtime.container.get<SearchService>(SEARCH_SERVICE);
    const { id: benchUser } = await knex('users').where({ username: 'bench1' }).first('id');
    for (const text of [RARE_TERM, COMMON_TERM, 'activity 777', 'deal', 'c1', 'zzz no match']) {
      const listMs = await medianMs(() =>
        contactsService.list({ id: benchUser, role: 'employee' }, { search: text }, { limit: 50 }),
      );
      const paletteMs = await medianMs(() => searchService.find({ id: benchUser, role: 'developer' }, text, 5));
      row(
        `Search palette, one call: "${text}"`,
        paletteMs,
        `contact list search, first page: ${Math.round(listMs)} ms`,
      );
    }

    // Report builder definitions, as the builder's preview runs them (one statement each).
    const builder = runtime.container.get<ReportBuilderService>(REPORT_BUILDER_SERVICE);
    const definitions: [string, Partial<ReportDefinition> & Pick<ReportDefinition, 'entity' | 'groupBy'>][] = [
      ['deals value by owner, 365 d', { entity: 'deals', measure: 'valueSum', groupBy: 'owner', periodDays: 365 }],
      [
        'deals weighted by stage, all time',
        { entity: 'deals', measure: 'weightedValue', groupBy: 'stage', periodDays: null },
      ],
      [
        'won deals by month (closed), 365 d',
        {
          entity: 'deals',
          measure: 'valueSum',
          groupBy: 'month',
          dateField: 'closedAt',
          periodDays: 365,
          filters: { status: 'won' },
        },
      ],
      ['contacts by status, all time', { entity: 'contacts', groupBy: 'status', periodDays: null }],
      ['contacts by week, 90 d', { entity: 'contacts', groupBy: 'week', periodDays: 90 }],
      [
        'activities completed by type, 30 d',
        { entity: 'activities', groupBy: 'type', dateField: 'completedAt', periodDays: 30 },
      ],
      ['activities by assignee, all time', { entity: 'activities', groupBy: 'owner', periodDays: null }],
    ];
    for (const [name, d] of definitions) {
      const definition: ReportDefinition = {
        measure: 'count',
        dateField: 'createdAt',
        periodDays: 30,
        filters: {},
        chart: 'bar',
        ...d,
      };
      row(`Report builder: ${name}`, await medianMs(() => builder.run(definition)));
    }

    // The four quick reports, live queries as the reports screen asks for them (365 days where a period applies).
    for (const name of QUICK_REPORTS)
      row(`Quick report: ${name}, 365 d`, await medianMs(() => reportsService.quick(name, 365)));
  } finally {
    await runtime.close();
    await db.drop();
  }
  return {
    title: 'Queries: reports, search palette, report builder (services, no HTTP)',
    setup: [
      `PostgreSQL (a database of its own), ${describeData(size)}`,
      'Each figure the median of 5 calls in the bench process',
    ],
    rows,
  };
}
