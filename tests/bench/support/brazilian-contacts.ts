import type { Knex } from 'knex';

/** First names; João three times in forty, so about 7.5% of contacts are called João (a common term). */
const FIRST_NAMES = [
  'João',
  'João',
  'João',
  'Maria',
  'Ana',
  'José',
  'Antônio',
  'Francisco',
  'Carlos',
  'Paulo',
  'Pedro',
  'Lucas',
  'Luiz',
  'Marcos',
  'Luís',
  'Gabriel',
  'Rafael',
  'Márcia',
  'Daniel',
  'Marcelo',
  'Bruno',
  'Eduardo',
  'Felipe',
  'Raimundo',
  'Rodrigo',
  'Fernanda',
  'Patrícia',
  'Aline',
  'Sandra',
  'Camila',
  'Amanda',
  'Bruna',
  'Jéssica',
  'Letícia',
  'Júlia',
  'Luciana',
  'Vanessa',
  'Mariana',
  'Gustavo',
  'Sebastião',
];
const SURNAMES = [
  'Silva',
  'Santos',
  'Oliveira',
  'Souza',
  'Rodrigues',
  'Ferreira',
  'Alves',
  'Pereira',
  'Lima',
  'Gomes',
  'Ribeiro',
  'Carvalho',
  'Araújo',
  'Gonçalves',
  'Conceição',
  'Magalhães',
  'Câmara',
  'Assunção',
  'Brandão',
  'Falcão',
  'Romão',
  'Simões',
  'Guimarães',
  'Peçanha',
  'Fontes',
  'Barros',
  'Cardoso',
  'Teixeira',
  'Nogueira',
  'Moraes',
];
const COMPANIES = [
  'Padaria Pão Quente',
  'Comércio São Jorge',
  'Construtora Horizonte',
  'Açaí da Praça',
  'Auto Peças Ipiranga',
  'Farmácia Saúde',
  'Mercado Bom Preço',
  'Transportes Rápido',
  'Clínica Vida',
  'Escola Aprender',
  'Ótica Visão',
  'Café Colonial',
  'Tecidos Aurora',
  'Móveis Lar',
  'Agropecuária Cerrado',
  '',
  '',
  '',
];

/** A deterministic, hashed pick of one of `list` for row g (salted, so name, surnames and company vary independently). */
const pick = (list: string[], salt: number) =>
  `(?::text[])[1 + abs(hashint8(g::bigint * 8 + ${salt}) % ${list.length})]`;

/**
 * `count` contacts with realistic Brazilian names, emails, companies and phones, inserted by the database
 * itself (generate_series), owned by `ownerIds` in turn. About 7.5% are called João; a rare term is
 * `rareTerm(n)`, one contact's unique email part.
 */
export async function seedBrazilianContacts(
  knex: Knex,
  count: number,
  ownerIds: number[],
  /** The companies' ids run from `first` to `first + count - 1`: each contact belongs to one of them, picked by a hash. */
  companies?: { first: number; count: number },
): Promise<void> {
  // Without companies given, the few company names of the list are companies of their own (made here when missing).
  if (!companies)
    await knex.raw(
      `INSERT INTO companies (name) SELECT DISTINCT x FROM unnest(?::text[]) x
        WHERE x <> '' AND NOT EXISTS (SELECT 1 FROM companies c WHERE funil_name_key(c.name) = funil_name_key(x))`,
      [COMPANIES],
    );
  const company = companies
    ? `${companies.first} + abs(hashint8(g::bigint * 8 + 6) % ${companies.count})`
    : `(SELECT min(c.id) FROM companies c WHERE funil_name_key(c.name) = funil_name_key(nullif(n.company, '')))`;
  await knex.raw(
    `
    INSERT INTO contacts (name, email, phone, company_id, status, score, owner_id, source, created_at, updated_at)
    SELECT n.first || ' ' || n.last || ' ' || n.last2,
           lower(translate(n.first || '.' || n.last, 'áâãàéêíóôõúçÁÂÃÀÉÊÍÓÔÕÚÇ', 'aaaaeeiooouc')) || g || '@exemplo.com.br',
           '+55 ' || (11 + g % 80) || ' 9' || lpad(((g::bigint * 7919) % 100000000)::text, 8, '0'),
           ${company},
           (array['lead','prospect','customer','inactive'])[1 + g % 4], g % 101,
           (?::int[])[1 + g % ?], (array['site','indicação','evento','importação'])[1 + g % 4],
           now() - (g % 700) * interval '1 hour', now() - (g % 700) * interval '1 hour'
    FROM generate_series(1, ?) g,
         LATERAL (SELECT ${pick(FIRST_NAMES, 1)} AS first, ${pick(SURNAMES, 2)} AS last,
                         ${pick(SURNAMES, 3)} AS last2, ${pick(COMPANIES, 4)} AS company) n`,
    [ownerIds, ownerIds.length, count, FIRST_NAMES, SURNAMES, SURNAMES, COMPANIES],
  );
}

/** A term only one contact has (part of its email). */
export const rareTerm = (g: number): string => `${g}@exemplo`;

/** Row g's phone as a person would paste it, "(DD) 9XXXX-XXXX", where it is stored "+55 DD 9XXXXXXXX". */
export function pastedPhone(g: number): string {
  const digits = String((g * 7919) % 100_000_000).padStart(8, '0');
  return `(${11 + (g % 80)}) 9${digits.slice(0, 4)}-${digits.slice(4)}`;
}

/** A CSV contact as a spreadsheet would hold it: the same names, companies and phones as `seedBrazilianContacts`. */
export interface BrazilianContactRow {
  name: string;
  email: string;
  phone: string;
  company: string;
  status: string;
  score: number;
  source: string;
  /** Semicolon-separated, or empty (one row in four has tags). */
  tags: string;
}

const STATUSES = ['lead', 'prospect', 'customer', 'inactive'];
const SOURCES = ['site', 'indicação', 'evento', 'importação'];
const TAGS = ['vip', 'cliente;2025', 'feira;sp', 'whatsapp'];

/** A deterministic 32-bit mix of (g, salt), so the fields of a row vary independently. */
function mix(g: number, salt: number): number {
  let h = Math.imul(g ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(salt + 1, 0xc2b2ae35);
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d);
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b);
  return (h ^ (h >>> 16)) >>> 0;
}

const ascii = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** Row g (1-based) of a generated Brazilian contact list; emails unique (they carry g). */
export function brazilianContactRow(g: number): BrazilianContactRow {
  const first = FIRST_NAMES[mix(g, 1) % FIRST_NAMES.length];
  const last = SURNAMES[mix(g, 2) % SURNAMES.length];
  const last2 = SURNAMES[mix(g, 3) % SURNAMES.length];
  return {
    name: `${first} ${last} ${last2}`,
    email: `${ascii(first)}.${ascii(last)}${g}@exemplo.com.br`,
    phone: `+55 ${11 + (g % 80)} 9${String((g * 7919) % 100_000_000).padStart(8, '0')}`,
    company: COMPANIES[mix(g, 4) % COMPANIES.length],
    status: STATUSES[g % 4],
    score: g % 101,
    source: SOURCES[g % 4],
    tags: g % 4 === 0 ? TAGS[mix(g, 5) % TAGS.length] : '',
  };
}
