import type { ListSort } from '../shared/list-page';
export const STAGE_KINDS = ['open', 'won', 'lost'] as const;
export type StageKind = (typeof STAGE_KINDS)[number];
export const DEFAULT_PIPELINE = 'default';
/** A pipeline's board stays readable, and its stage list bounded. */
export const MAX_STAGES_PER_PIPELINE = 50;

/** numeric(12,2): at most 10 digits before the point and 2 after, as a decimal string. */
export const DEAL_VALUE_PATTERN = /^\d{1,10}(\.\d{1,2})?$/;
export const DEAL_VALUE_MAX = '9999999999.99';

/** The part a person plays in a deal. */
export const DEAL_CONTACT_ROLES = ['decision_maker', 'influencer', 'user', 'technical', 'financial', 'other'] as const;
export type DealContactRole = (typeof DEAL_CONTACT_ROLES)[number];
/** The role of a link made by setting a deal's contactId (and of the links migrated from it): nothing says more. */
export const DEFAULT_DEAL_CONTACT_ROLE: DealContactRole = 'other';

/** A person in a deal, as the deal shows them: the primary one first, then in the order they were added. */
export interface DealContact {
  id: number;
  name: string;
  role: DealContactRole;
  primary: boolean;
}

/** A person put in a deal (PUT /deals/:id/contacts). */
export interface DealContactLink {
  contactId: number;
  role: DealContactRole;
  primary: boolean;
}

export interface Deal {
  id: number;
  title: string;
  /** Decimal string with two decimals, e.g. "1500.00". */
  value: string;
  currency: string;
  stage: string;
  pipeline: string;
  /** Percent, 0-100: its stage's unless set by hand (probabilityManual). */
  probability: number;
  /** Set by hand: kept when the deal changes stage; otherwise the probability follows the stage's. */
  probabilityManual: boolean;
  /** YYYY-MM-DD */
  expectedCloseDate: string | null;
  /** When it was won or lost: the day the person closing it gave (see closedAtOf), or the moment it entered the stage. */
  closedAt: Date | null;
  lostReason: string | null;
  notes: string | null;
  /** Values of the deals' custom fields, by key (see custom-fields/custom-field.ts). */
  customFields: Record<string, unknown>;
  /** The primary person's id (null when none is primary); setting it makes that contact the primary link. */
  contactId: number | null;
  contactName: string | null;
  /** Everyone in the deal, the primary one first. */
  contacts: DealContact[];
  companyId: number | null;
  companyName: string | null;
  ownerId: number | null;
  ownerName: string | null;
  /** Whether a pending activity is planned for it (the board marks deals with none). */
  hasPendingActivity: boolean;
  /** The card's place in its stage's column, ascending; a move writes the moved card's only. */
  position: number;
  createdBy: number | null;
  createdAt: Date;
  updatedAt: Date;
}

/** probability null: back to the stage's (automatic); a number sets it by hand. */
export type DealFields = Pick<
  Deal,
  | 'title'
  | 'value'
  | 'currency'
  | 'stage'
  | 'pipeline'
  | 'expectedCloseDate'
  | 'lostReason'
  | 'notes'
  | 'customFields'
  | 'contactId'
  | 'companyId'
  | 'ownerId'
> & { probability: number | null };

/** The deal's people given with its other fields on create or update: saved in the same transaction. */
export interface DealPeople {
  contacts?: DealContactLink[];
}

/** What the repository writes: the client's fields plus what the server decides ('last': after the stage's last card). */
/** `links`: the deal's people, replacing them all (contactId then follows the primary one). */
export type DealColumns = Partial<Omit<DealFields, 'probability'>> &
  Partial<Pick<Deal, 'probability' | 'probabilityManual'>> & {
    closedAt?: Date | null;
    position?: number | 'last';
    links?: DealContactLink[];
  };
export type NewDeal = DealColumns & Pick<DealFields, 'title' | 'stage' | 'pipeline'> & { createdBy: number };

export interface DealFilter {
  pipeline?: string;
  stage?: string;
  ownerId?: number;
  /** Deals the contact is in (any role, primary or not). */
  contactId?: number;
  companyId?: number;
  /** Text in the title (case and accents as typed are matched case-insensitively). */
  search?: string;
  /** Value from / up to, decimal strings. */
  valueMin?: string;
  valueMax?: string;
  /** Expected close date on or before this day (YYYY-MM-DD); deals without one are left out. */
  closeBy?: string;
  /** 'position': a board column's order (with `stage`); newest first otherwise (or `sort`'s). */
  order?: 'position';
  /** A table's order (a column, or a custom field). */
  sort?: ListSort;
  /** `customFields.<key>=<text>` filters, by key, as sent: the services read each as its field's type. */
  customFields?: Record<string, string>;
  /** What a service made of `customFields`: the document the deals' values contain (the repositories' part). */
  customFieldMatch?: Record<string, unknown>;
}

/** A card dropped on the board. */
export interface DealMove {
  /** Another pipeline to move the deal to (not an archived one); its own when omitted. */
  pipeline?: string;
  /** A stage of the pipeline it moves to (its own unless `pipeline` says). */
  stage: string;
  /** Required to enter a lost stage, unless the deal already has one. */
  lostReason?: string | null;
  /** The midpoint of its new neighbours' positions; after the stage's last card when omitted. */
  position?: number;
  /** The day it was won or lost (YYYY-MM-DD, not after today): only into a won or lost stage; now when omitted. */
  closedAt?: string;
  /** The version the client read: a deal changed since is not moved (409). */
  updatedAt?: Date;
}

/** The columns a deals list can be ordered by (its title with case and accents ignored), besides `customFields.<key>`. */
export const DEAL_SORTS = [
  'title',
  'value',
  'probability',
  'expectedCloseDate',
  'createdAt',
  'updatedAt',
  'closedAt',
] as const;
export type DealSortField = (typeof DEAL_SORTS)[number];

export const DEAL_TRACKED_FIELDS = [
  'title',
  'value',
  'currency',
  'stage',
  'pipeline',
  'probability',
  'expectedCloseDate',
  'closedAt',
  'lostReason',
  'notes',
  'contactId',
  'contacts',
  // By name, as the history shows it (the id says nothing to a reader).
  'companyName',
  'ownerId',
] as const satisfies readonly (keyof Deal)[];

export interface PipelineStage {
  id: number;
  pipeline: string;
  stage: string;
  order: number;
  color: string;
  probability: number;
  kind: StageKind;
  /** A deal of this stage unchanged for more days is marked stale on the board. */
  staleDays: number;
  updatedAt: Date;
}

export const STALE_DAYS_DEFAULT = 14;

/** staleDays: the column's default (STALE_DAYS_DEFAULT) when left out. */
export type StageFields = Pick<PipelineStage, 'stage' | 'color' | 'probability' | 'kind'> &
  Partial<Pick<PipelineStage, 'staleDays'>>;

/** What the board's column totals count: the list's filters without stage and order. */
export type SummaryFilter = Omit<DealFilter, 'pipeline' | 'stage' | 'order'>;

/** A reason a deal was lost, picked when it enters a lost stage; `other` takes free text. */
export interface LostReason {
  id: number;
  /** Seeded reasons: a key the UI translates (`other` takes free text); an admin's own: a generated key. */
  key: string;
  /** The name as an admin wrote it (a renamed seeded reason too); null: the seeded key's translation. */
  label: string | null;
  order: number;
  /** Retired reasons are no longer offered; deals lost with them keep them. */
  active: boolean;
  updatedAt: Date;
}

/** The reason whose deals store free text instead of the reason's name; it keeps its translated name. */
export const FREE_TEXT_LOST_REASON = 'other';
/** The list the board offers stays short enough to read; retired ones count too. */
export const MAX_LOST_REASONS = 50;

export interface LostReasonChanges {
  label?: string;
  active?: boolean;
}

/**
 * The stored instant of a close day given as YYYY-MM-DD: noon UTC, which is that same day in every time zone
 * from UTC-12 to UTC+11 and in the reports' UTC days, or `now` when noon is still to come (a deal won today
 * is never closed in the future, so the reports' windows ending now count it).
 */
export function closedAtOf(day: string, now: Date): Date {
  const noon = new Date(`${day}T12:00:00.000Z`);
  return noon.getTime() > now.getTime() ? now : noon;
}

/** Today as the server tells days (UTC): a close day may not be after it. */
export const todayOf = (now: Date): string => now.toISOString().slice(0, 10);

/**
 * A board column header: how many deals, their value and their probability-weighted value. Closed stages
 * (won, lost) weigh nothing: a won deal is revenue, a lost one nothing, neither is forecast.
 */
export interface StageSummary {
  stageId: number;
  stage: string;
  order: number;
  color: string;
  kind: StageKind;
  dealCount: number;
  valueSum: string;
  weightedValueSum: string;
}
