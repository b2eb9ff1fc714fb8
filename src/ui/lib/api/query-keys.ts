/**
 * The query keys more than one feature reads or invalidates, built in one place. A key names what it holds
 * from the widest prefix down (`['contacts', 'list', filters]`), so a mutation invalidates exactly what it
 * changed by its prefix: `queryKeys.timeline.all` refreshes every history, `queryKeys.timeline.contact(7)` one.
 * Keys only one feature uses stay in that feature's api/ files.
 */
export const queryKeys = {
  /** Contacts', deals' and activities' histories: every change to one of them shows in a timeline. */
  timeline: {
    all: ['timeline'] as const,
    contact: (id: number) => ['timeline', 'contact', id] as const,
    deal: (id: number) => ['timeline', 'deal', id] as const,
    company: (id: number) => ['timeline', 'company', id] as const,
  },
  contacts: {
    all: ['contacts'] as const,
    lists: ['contacts', 'list'] as const,
    /** The first contacts matching a search: what a record's contact field offers. */
    lookup: (search: string) => ['contacts', 'list', 'lookup', search] as const,
  },
  companies: {
    all: ['companies'] as const,
    lists: ['companies', 'list'] as const,
    detail: (id: number) => ['companies', 'detail', id] as const,
  },
  deals: {
    all: ['deals'] as const,
    lists: ['deals', 'list'] as const,
    /** A pipeline's column totals (count, value, forecast) under the board's filters. */
    summary: (pipeline: string, filters: object) => ['deals', 'summary', pipeline, filters] as const,
    /** A company's deals counted and summed per stage kind (its page); `companyTotalsAll` for every company's. */
    companyTotals: (companyId: number) => ['deals', 'company-totals', companyId] as const,
    companyTotalsAll: ['deals', 'company-totals'] as const,
  },
  activities: {
    all: ['activities'] as const,
    lists: ['activities', 'list'] as const,
  },
  /**
   * Notes and logged calls: a contact's or deal's pinned ones (their timelines hold them all, under `timeline`), and a
   * company's list (with its people's and deals').
   */
  notes: {
    all: ['notes'] as const,
    company: (companyId: number) => ['notes', 'company', companyId] as const,
    pinned: (scope: { contact?: number; deal?: number }) => ['notes', 'pinned', scope] as const,
  },
  /** A pipeline's configuration: its stages and the reasons a deal is lost. */
  pipeline: {
    all: ['pipeline'] as const,
    stages: (pipeline: string) => ['pipeline', 'stages', pipeline] as const,
    /** The pipelines the board switches between (the archived ones too when asked). */
    list: (includeArchived: boolean) => ['pipeline', 'pipelines', { includeArchived }] as const,
    lostReasons: ['pipeline', 'lost-reasons'] as const,
  },
  /** The reports page's figures and the saved reports it lists (written by the report builder). */
  reports: {
    all: ['reports'] as const,
    saved: ['reports', 'saved'] as const,
  },
  users: {
    all: ['users'] as const,
    choices: ['users', 'choices'] as const,
  },
  /**
   * The home's sections ("Meu dia"), one request each, per person viewed (`null`: the whole team). Every write
   * that changes what they count (an activity, a deal, a contact, a note, a goal) invalidates `home.all`: only the
   * sections on screen are read again.
   */
  home: {
    all: ['home'] as const,
    section: (section: string, userId: number | null) => ['home', section, userId] as const,
  },
  /** Saved views of a list (contact, company, deal, activity): a person's own and the team's shared ones. */
  views: {
    all: ['views'] as const,
    entity: (entity: string) => ['views', entity] as const,
  },
  /** The fields an admin added to contacts, companies and deals (Settings writes them; forms and pages read them). */
  customFields: {
    all: ['custom-fields'] as const,
    /** One kind of record's fields; `includeRetired` for Settings, which also lists the retired ones. */
    entity: (entity: string, includeRetired: boolean) => ['custom-fields', entity, { includeRetired }] as const,
  },
  /**
   * LGPD: a contact's consents and legal basis (its page), the data subjects' requests and the record of operations
   * on personal data (Settings). Every consent, request and anonymization writes to the record.
   */
  privacy: {
    all: ['privacy'] as const,
    consents: (contactId: number) => ['privacy', 'consents', contactId] as const,
    requests: ['privacy', 'requests'] as const,
    summary: (contactId: number) => ['privacy', 'summary', contactId] as const,
    audit: ['privacy', 'audit'] as const,
    retentionRules: ['privacy', 'retention', 'rules'] as const,
    retentionWaiting: ['privacy', 'retention', 'waiting'] as const,
  },
  /** Monthly goals per person (settings writes them; reports and the home read them). */
  goals: {
    all: ['goals'] as const,
    /** `pipeline` null: the goals for every pipeline. */
    month: (month: string, pipeline: string | null) => ['goals', 'month', month, pipeline] as const,
    history: (userId: number, months: number, pipeline: string | null) =>
      ['goals', 'history', userId, months, pipeline] as const,
  },
};
