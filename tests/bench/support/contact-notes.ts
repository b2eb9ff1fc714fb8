import type { Knex } from 'knex';

/**
 * A note on one contact in `every` (issue 25), written about the contact as people write them: "Liguei para <name>:
 * pediu orçamento para a próxima semana", so that the contacts search meets its names in notes too (about 7.5% of
 * them mention a João), text found in notes only ("orçamento", in one note in four), and one protocol number per note
 * (`noteRareTerm`). Inserted by the database itself; answers how many.
 */
export async function seedContactNotes(knex: Knex, every: number, ownerIds: number[]): Promise<number> {
  const { rowCount } = (await knex.raw(
    `
    INSERT INTO crm_notes (kind, body, contact_id, created_by, occurred_at, created_at, updated_at)
    SELECT (array['call', 'note', 'meeting', 'email', 'whatsapp'])[1 + c.id / ? % 5],
           (array['Liguei para ', 'Falei com ', 'Reunião com ', 'E-mail para '])[1 + c.id / ? % 4] || c.name || ': '
             || (array['pediu orçamento para a próxima semana', 'sem interesse por enquanto', 'quer uma demonstração',
                       'retornar depois do feriado'])[1 + c.id / ? / 4 % 4]
             || ' (protocolo ' || c.id || '#)',
           c.id, (?::int[])[1 + c.id % ?], c.created_at, c.created_at, c.created_at
    FROM contacts c WHERE c.id % ? = 0`,
    [every, every, every, ownerIds, ownerIds.length, every],
  )) as { rowCount: number };
  return rowCount;
}

/** Text only the note of contact `contactId` holds (seedContactNotes: a multiple of `every`). */
export const noteRareTerm = (contactId: number): string => `protocolo ${contactId}#`;
