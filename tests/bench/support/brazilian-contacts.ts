import type { Knex } from 'knex';

/** First names; João three times in forty, so about 7.5% of contacts are called João (a common term). */
const FIRST_NAMES = [
  'João', 'João', 'João', 'Maria', 'Ana', 'José', 'Antônio', 'Francisco', 'Carlos', 'Paulo', 'Pedro', 'Lucas',
  'Luiz', 'Marcos', 'Luís', 'Gabriel', 'Rafael', 'Márcia', 'Daniel', 'Marcelo', 'Bruno', 'Eduardo', 'Felipe',
  'Raimundo', 'Rodrigo', 'Fernanda', 'Patrícia', 'Aline', 'Sandra', 'Camila', 'Amanda', 'Bruna', 'Jéssica',
  'Letícia', 'Júlia', 'Luciana', 'Vanessa', 'Mariana', 'Gustavo', 'Sebastião',
];
const SURNAMES = [
  'Silva', 'Santos', 'Oliveira', 'Souza', 'Rodrigues', 'Ferreira', 'Alves', 'Pereira', 'Lima', 'Gomes',
  'Ribeiro', 'Carvalho', 'Araújo', 'Gonçalves', 'Conceição', 'Magalhães', 'Câmara', 'Assunção', 'Brandão',
  'Falcão', 'Romão', 'Simões', 'Guimarães', 'Peçanha', 'Fontes', 'Barros', 'Cardoso', 'Teixeira', 'Nogueira', 'Moraes',
];
const COMPANIES = [
  'Padaria Pão Quente', 'Comércio São Jorge', 'Construtora Horizonte', 'Açaí da Praça', 'Auto Peças Ipiranga',
  'Farmácia Saúde', 'Mercado Bom Preço', 'Transportes Rápido', 'Clínica Vida', 'Escola Aprender',
  'Ótica Visão', 'Café Colonial', 'Tecidos Aurora', 'Móveis Lar', 'Agropecuária Cerrado', '', '', '',
];

/** A deterministic, hashed pick of one of `list` for row g (salted, so name, surnames and company vary independently). */
const pick = (list: string[], salt: number) => `(?::text[])[1 + abs(hashint8(g::bigint * 8 + ${salt}) % ${list.length})]`;

/**
 * `count` contacts with realistic Brazilian names, emails, companies and phones, inserted by the database
 * itself (generate_series), owned by `ownerIds` in turn. About 7.5% are called João; a rare term is
 * `rareTerm(n)`, one contact's unique email part.
 */
export async function seedBrazilianContacts(knex: Knex, count: number, ownerIds: number[]): Promise<void> {
  await knex.raw(
    `
    INSERT INTO contacts (name, email, phone, company, status, score, owner_id, source, created_at, updated_at)
    SELECT n.first || ' ' || n.last || ' ' || n.last2,
           lower(translate(n.first || '.' || n.last, 'áâãàéêíóôõúçÁÂÃÀÉÊÍÓÔÕÚÇ', 'aaaaeeiooouc')) || g || '@exemplo.com.br',
           '+55 ' || (11 + g % 80) || ' 9' || lpad(((g::bigint * 7919) % 100000000)::text, 8, '0'),
           nullif(n.company, ''),
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
