import { rareTerm } from '../support/brazilian-contacts';

/** What the HTTP sections ask for: the table, the board's columns, the search palette and two reports. */
export interface Scenario {
  name: string;
  kind: 'session' | 'read' | 'write';
  method: 'GET' | 'POST';
  /** One path, or several taken in turn by each connection (the board's columns). */
  paths: string[];
  body?: unknown;
  /** How the bare server builds the same JSON from the statements' rows (bare-server.ts). */
  shape: string;
}

/** The data set's contacts are Brazilian (support/brazilian-contacts.ts): one has this e-mail part... */
export const RARE_TERM = rareTerm(4242);
/** ...and about 7.5% are called João. */
export const COMMON_TERM = 'João';

export const BOARD_STAGES = ['prospecting', 'qualification', 'proposal', 'negotiation', 'won', 'lost'];

export function scenarios(assigneeId: number): Scenario[] {
  const q = (params: Record<string, string | number>) =>
    new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
  return [
    { name: 'GET /api/user (session check only)', kind: 'session', method: 'GET', paths: ['/api/user'], shape: 'user' },
    {
      name: 'contacts search, rare term',
      kind: 'read',
      method: 'GET',
      paths: [`/api/crm/contacts?${q({ search: RARE_TERM })}`],
      shape: 'page',
    },
    {
      name: 'contacts search, common term',
      kind: 'read',
      method: 'GET',
      paths: [`/api/crm/contacts?${q({ search: COMMON_TERM })}`],
      shape: 'page',
    },
    { name: 'contacts, first page', kind: 'read', method: 'GET', paths: ['/api/crm/contacts'], shape: 'page' },
    {
      name: 'activities of one assignee, one type',
      kind: 'read',
      method: 'GET',
      paths: [`/api/crm/activities?${q({ assignedTo: assigneeId, type: 'call' })}`],
      shape: 'page',
    },
    {
      name: 'pipeline stage summary',
      kind: 'read',
      method: 'GET',
      paths: ['/api/crm/pipeline-stages/default/summary'],
      shape: 'summary',
    },
    {
      name: "board, each column's first page",
      kind: 'read',
      method: 'GET',
      paths: BOARD_STAGES.map(
        (stage) => `/api/crm/deals?${q({ pipeline: 'default', stage, order: 'position', limit: 30 })}`,
      ),
      shape: 'page',
    },
    {
      name: 'search palette',
      kind: 'read',
      method: 'GET',
      paths: [`/api/crm/search?${q({ q: RARE_TERM, limit: 5 })}`],
      shape: 'search',
    },
    {
      name: 'quick report (sales by salesperson, 365 d)',
      kind: 'read',
      method: 'GET',
      paths: [`/api/crm/reports/sales-by-salesperson?${q({ period: 365 })}`],
      shape: 'report',
    },
    {
      name: 'builder report (deals value by owner, 365 d)',
      kind: 'read',
      method: 'POST',
      paths: ['/api/crm/reports/run'],
      body: {
        entity: 'deals',
        measure: 'valueSum',
        groupBy: 'owner',
        dateField: 'createdAt',
        periodDays: 365,
        filters: {},
        chart: 'bar',
      },
      shape: 'builder',
    },
    {
      name: 'create a contact',
      kind: 'write',
      method: 'POST',
      paths: ['/api/crm/contacts'],
      body: { name: 'Bench Created', email: 'created@bench.example', status: 'lead' },
      shape: 'created',
    },
  ];
}
