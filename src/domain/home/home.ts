import type { Activity } from '../activities/activity';

/** Sizes of the home's lists: each section answers its first rows and a total. */
export const AGENDA_LIMIT = 50;
export const NO_NEXT_STEP_LIMIT = 20;
export const CLOSING_LIMIT = 10;
export const RECENT_CONTACTS_LIMIT = 10;

/** An open deal as the home lists it. Money in BRL, as a number. */
export interface HomeDeal {
  id: number;
  title: string;
  value: number;
  stage: string;
  pipeline: string;
  /** Percent, as the board weighs it (the stage's unless set by hand). */
  probability: number;
  /** YYYY-MM-DD */
  expectedCloseDate: string | null;
  contactId: number | null;
  contactName: string | null;
  ownerId: number | null;
  ownerName: string | null;
  updatedAt: Date;
}

export interface DealList {
  items: HomeDeal[];
  total: number;
}

export interface ClosingDeals {
  count: number;
  value: number;
  items: HomeDeal[];
}

/** Whose agenda and when: pending activities assigned to a person (null: anyone's) due before `now`, or from `now` to
 * `todayEnds` (the viewer's next local midnight). `involving`: only those the viewer is assigned to or created, as
 * the activities list shows a viewer who may read their own only. */
export interface AgendaQuery {
  assignedTo: number | null;
  involving?: number;
  now: Date;
  todayEnds: Date;
}

/** An activity as the activities list sends it: its times as the ISO strings JSON gives a Date. */
export type AgendaActivity = Omit<Activity, 'dueDate' | 'completedAt' | 'createdAt' | 'updatedAt'> & {
  dueDate: string | null;
  completedAt: string | null;
  createdAt: string;
  updatedAt: string;
};

/** A list of the agenda: its first activities, each as the activities list shows it, and how many (up to 10,000). */
export interface ActivityList {
  items: AgendaActivity[];
  total: number;
}

export interface Agenda {
  overdue: ActivityList;
  today: ActivityList;
}

/** A contact someone worked on, and when they last did. */
export interface RecentContact {
  id: number;
  name: string;
  company: string | null;
  email: string | null;
  phone: string | null;
  status: string;
  touchedAt: Date;
}

export interface PersonCount {
  userId: number;
  userName: string;
  count: number;
}

export interface PersonDeals extends PersonCount {
  value: number;
}

export interface SourceCount {
  /** null: contacts created without a source. */
  source: string | null;
  count: number;
}

/** What the team section reads besides the goals. */
export interface TeamFigures {
  activitiesDoneThisWeek: PersonCount[];
  staleDeals: PersonDeals[];
  newLeadsThisWeek: SourceCount[];
}

/** The stage column a pipeline section shows: open deals only, as the board's stage summary counts them. */
export interface PipelineStageFigures {
  /** The stage's name as deals carry it (seeded stages: a key the UI translates, as on the board). */
  stage: string;
  name: string;
  color: string;
  count: number;
  value: number;
  weighted: number;
}
