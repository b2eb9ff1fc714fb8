import type { ListSort } from '../shared/list-page';

/**
 * Size bands by head count, as SEBRAE classifies commerce and services: micro up to 9 people, small 10 to 49,
 * medium 50 to 99, large 100 or more.
 */
export const COMPANY_SIZES = ['micro', 'small', 'medium', 'large'] as const;
export type CompanySize = (typeof COMPANY_SIZES)[number];

/** The 27 federative units (26 states and the Federal District). */
// prettier-ignore
export const UFS = [
  'AC', 'AL', 'AP', 'AM', 'BA', 'CE', 'DF', 'ES', 'GO', 'MA', 'MT', 'MS', 'MG', 'PA',
  'PB', 'PR', 'PE', 'PI', 'RJ', 'RN', 'RS', 'RO', 'RR', 'SC', 'SP', 'SE', 'TO',
] as const;
export type Uf = (typeof UFS)[number];

export interface Company {
  id: number;
  name: string;
  /** Formatted (00.000.000/0000-00); stored without punctuation, unique. */
  cnpj: string | null;
  tradeName: string | null;
  /** Free text (the market the company is in); filtered with case and accents ignored. */
  segment: string | null;
  size: CompanySize | null;
  website: string | null;
  /** The domain its people's e-mail addresses end with (lower case). */
  emailDomain: string | null;
  phone: string | null;
  /** 00000-000. */
  cep: string | null;
  street: string | null;
  number: string | null;
  city: string | null;
  uf: Uf | null;
  tags: string[];
  notes: string | null;
  /** Values of the companies' custom fields, by key (see custom-fields/custom-field.ts). */
  customFields: Record<string, unknown>;
  ownerId: number | null;
  ownerName: string | null;
  createdBy: number | null;
  createdAt: Date;
  updatedAt: Date;
}

/** What a client may set; the rest is the server's. */
export type CompanyFields = Pick<
  Company,
  | 'name'
  | 'cnpj'
  | 'tradeName'
  | 'segment'
  | 'size'
  | 'website'
  | 'emailDomain'
  | 'phone'
  | 'cep'
  | 'street'
  | 'number'
  | 'city'
  | 'uf'
  | 'tags'
  | 'notes'
  | 'customFields'
  | 'ownerId'
>;

export type NewCompany = Partial<CompanyFields> & Pick<CompanyFields, 'name'> & { createdBy: number };

export interface CompanyFilter {
  /** Substring of name, trade name, CNPJ (however punctuated), e-mail domain or city; case, accents, % and _ literal. */
  search?: string;
  /** This segment, case and accents ignored. */
  segment?: string;
  ownerId?: number;
  tag?: string;
  /** This city, case and accents ignored. */
  city?: string;
  uf?: Uf;
  /** `customFields.<key>=<text>` filters, by key, as sent: the service reads each as its field's type. */
  customFields?: Record<string, string>;
  /** What the service made of `customFields`: the document the companies' values contain (the repository's part). */
  customFieldMatch?: Record<string, unknown>;
  /** A table's order (a column, or a custom field); without it, newest first. */
  sort?: ListSort;
}

/** The columns a companies list can be ordered by (text case and accents ignored), besides `customFields.<key>`. */
export const COMPANY_SORTS = ['name', 'segment', 'size', 'city', 'uf', 'createdAt', 'updatedAt'] as const;
export type CompanySortField = (typeof COMPANY_SORTS)[number];

export const COMPANY_TRACKED_FIELDS = [
  'name',
  'cnpj',
  'tradeName',
  'segment',
  'size',
  'website',
  'emailDomain',
  'phone',
  'cep',
  'street',
  'number',
  'city',
  'uf',
  'tags',
  'notes',
  'ownerId',
] as const satisfies readonly (keyof Company)[];

/** A count of deals and their value (a decimal string, as "4200.00"). */
export interface DealTally {
  count: number;
  value: string;
}

/** A company's deals by how they stand (their stage's kind): open, won and lost. */
export interface CompanyDealTotals {
  open: DealTally;
  won: DealTally;
  lost: DealTally;
}
