import {
  CARD_KEYS,
  type CardKey,
  type QuickReportName,
  type QuickReportRows,
  type ReportFigures,
} from '../../domain/reports/report';
import { labelOf } from '../../domain/shared/labels';
import type { CellWriter, ExportLanguage } from '../csv';

/** The header, and the rows with each cell written by the file's format. */
type Table = { header: string[]; rows: string[][] };

const WORDS = {
  pt: {
    overview: ['Seção', 'Item', 'Medida', 'Valor'],
    metrics: 'Indicadores',
    funnel: 'Funil de vendas',
    wonOverTime: 'Vendas ao longo do tempo',
    activitiesByType: 'Atividades por tipo',
    activitiesByPerson: 'Atividades por pessoa',
    performance: 'Desempenho por vendedor',
    current: 'Período',
    previous: 'Período anterior',
    change: 'Variação (%)',
    changePoints: 'Variação (p.p.)',
    cards: {
      salesWon: 'Vendas (valor ganho)',
      activeContacts: 'Contatos ativos',
      conversionRate: 'Taxa de conversão (%)',
      completedActivities: 'Atividades concluídas',
      averageTicket: 'Ticket médio',
      newDeals: 'Novos negócios no funil',
    } satisfies Record<CardKey, string>,
    dealsWon: 'Negócios ganhos',
    deals: 'Negócios',
    value: 'Valor',
    total: 'Total',
    completed: 'Concluídas',
    wonValue: 'Valor ganho',
    conversion: 'Conversão (%)',
    activitiesDone: 'Atividades concluídas',
    unassigned: 'Sem responsável',
    quick: {
      'sales-by-salesperson': [
        'Vendedor',
        'Negócios ganhos',
        'Valor ganho',
        'Negócios perdidos',
        'Conversão (%)',
        'Ticket médio',
      ],
      forecast: ['Fechamento previsto', 'Negócios', 'Valor', 'Valor ponderado'],
      'overdue-activities': ['Responsável', 'Atividades atrasadas', 'Vencimento mais antigo'],
      'lead-sources': ['Origem', 'Contatos', 'Clientes', 'Conversão (%)'],
    } satisfies Record<QuickReportName, string[]>,
    buckets: { overdue: 'Atrasado (antes deste mês)', later: 'Mais tarde', undated: 'Sem data' } as Record<
      string,
      string
    >,
    noSource: 'Sem origem',
  },
  en: {
    overview: ['Section', 'Item', 'Measure', 'Value'],
    metrics: 'Metrics',
    funnel: 'Sales funnel',
    wonOverTime: 'Sales over time',
    activitiesByType: 'Activities by type',
    activitiesByPerson: 'Activities by person',
    performance: 'Performance by salesperson',
    current: 'Period',
    previous: 'Previous period',
    change: 'Change (%)',
    changePoints: 'Change (pp)',
    cards: {
      salesWon: 'Sales (won value)',
      activeContacts: 'Active contacts',
      conversionRate: 'Conversion rate (%)',
      completedActivities: 'Completed activities',
      averageTicket: 'Average ticket',
      newDeals: 'New deals in the funnel',
    } satisfies Record<CardKey, string>,
    dealsWon: 'Deals won',
    deals: 'Deals',
    value: 'Value',
    total: 'Total',
    completed: 'Completed',
    wonValue: 'Won value',
    conversion: 'Conversion (%)',
    activitiesDone: 'Activities done',
    unassigned: 'Unassigned',
    quick: {
      'sales-by-salesperson': [
        'Salesperson',
        'Deals won',
        'Won value',
        'Deals lost',
        'Conversion (%)',
        'Average ticket',
      ],
      forecast: ['Expected close', 'Deals', 'Value', 'Weighted value'],
      'overdue-activities': ['Assignee', 'Overdue activities', 'Oldest due date'],
      'lead-sources': ['Source', 'Contacts', 'Customers', 'Conversion (%)'],
    } satisfies Record<QuickReportName, string[]>,
    buckets: { overdue: 'Overdue (before this month)', later: 'Later', undated: 'No date' } as Record<string, string>,
    noSource: 'No source',
  },
} as const;

const cardValue = (
  figures: Partial<ReportFigures>,
  key: CardKey,
  which: 'current' | 'previous',
): number | string | null | undefined => {
  const source = which === 'current' ? figures : figures.previous;
  const value = source?.[key];
  return value !== null && typeof value === 'object' ? value.value : value;
};

/** Rows of [section, item, measure, value]: the three texts as they are, the value as a number of the format. */
const measures = (rows: [string, string, string, number | string | null | undefined][], cell: CellWriter): string[][] =>
  rows.map(([section, item, measure, value]) => [
    cell.text(section),
    cell.text(item),
    cell.text(measure),
    cell.number(value),
  ]);

/**
 * The overview as a long table (section, item, measure, value): one number per row, so any spreadsheet can
 * pivot it, whatever the category shows.
 */
export function overviewTable(figures: Partial<ReportFigures> | null, lang: ExportLanguage, cell: CellWriter): Table {
  const w = WORDS[lang];
  const rows: [string, string, string, number | string | null | undefined][] = [];
  if (!figures) return { header: [...w.overview], rows: [] };
  for (const key of CARD_KEYS) {
    if (!(key in figures)) continue;
    rows.push([w.metrics, w.cards[key], w.current, cardValue(figures, key, 'current')]);
    rows.push([w.metrics, w.cards[key], w.previous, cardValue(figures, key, 'previous')]);
    rows.push([w.metrics, w.cards[key], key === 'conversionRate' ? w.changePoints : w.change, figures.changes?.[key]]);
    if (key === 'salesWon') {
      rows.push([w.metrics, w.dealsWon, w.current, figures.salesWon!.count]);
      rows.push([w.metrics, w.dealsWon, w.previous, figures.previous?.salesWon.count]);
    }
  }
  for (const s of figures.funnel ?? []) {
    const stage = cell.label('stage', s.stage);
    rows.push([w.funnel, stage, w.deals, s.count], [w.funnel, stage, w.value, s.value]);
  }
  for (const b of figures.wonOverTime ?? []) {
    const bucket = cell.day(b.bucket);
    rows.push([w.wonOverTime, bucket, w.deals, b.count], [w.wonOverTime, bucket, w.value, b.value]);
  }
  for (const t of figures.activitiesByType ?? []) {
    const type = labelOf('activityType', t.type, lang);
    rows.push([w.activitiesByType, type, w.total, t.total], [w.activitiesByType, type, w.completed, t.completed]);
  }
  for (const p of figures.activitiesByPerson ?? []) {
    const name = p.name ?? w.unassigned;
    rows.push([w.activitiesByPerson, name, w.total, p.total], [w.activitiesByPerson, name, w.completed, p.completed]);
  }
  for (const p of figures.performance ?? []) {
    rows.push(
      [w.performance, p.name, w.wonValue, p.wonValue],
      [w.performance, p.name, w.dealsWon, p.wonCount],
      [w.performance, p.name, w.conversion, p.conversionRate],
      [w.performance, p.name, w.activitiesDone, p.activitiesDone],
    );
  }
  return { header: [...w.overview], rows: measures(rows, cell) };
}

/** A quick report as the table the screen shows. */
export function quickReportTable<N extends QuickReportName>(
  name: N,
  rows: QuickReportRows[N],
  lang: ExportLanguage,
  cell: CellWriter,
): Table {
  const w = WORDS[lang];
  const header = [...w.quick[name]];
  const n = cell.number;
  switch (name) {
    case 'sales-by-salesperson':
      return {
        header,
        rows: (rows as QuickReportRows['sales-by-salesperson']).map((r) => [
          cell.text(r.name ?? w.unassigned),
          n(r.wonCount),
          n(r.wonValue),
          n(r.lostCount),
          n(r.conversionRate),
          n(r.averageTicket),
        ]),
      };
    case 'forecast':
      return {
        header,
        rows: (rows as QuickReportRows['forecast']).map((r) => [
          r.month ? cell.day(r.month) : cell.text(w.buckets[r.bucket]),
          n(r.count),
          n(r.value),
          n(r.weightedValue),
        ]),
      };
    case 'overdue-activities':
      return {
        header,
        rows: (rows as QuickReportRows['overdue-activities']).map((r) => [
          cell.text(r.name ?? w.unassigned),
          n(r.count),
          cell.moment(r.oldestDueDate),
        ]),
      };
    default:
      return {
        header,
        rows: (rows as QuickReportRows['lead-sources']).map((r) => [
          cell.text(r.source ?? w.noSource),
          n(r.contacts),
          n(r.customers),
          n(r.conversionRate),
        ]),
      };
  }
}
