import type { Knex } from 'knex';

// Stage names are keys the UI translates (pt and en); a stage an admin renames shows its new name as typed.
const STAGES = [
  { stage: 'prospecting', order: 1, color: '#3B82F6', probability: 10, kind: 'open' },
  { stage: 'qualification', order: 2, color: '#8B5CF6', probability: 25, kind: 'open' },
  { stage: 'proposal', order: 3, color: '#F59E0B', probability: 50, kind: 'open' },
  { stage: 'negotiation', order: 4, color: '#F97316', probability: 75, kind: 'open' },
  { stage: 'won', order: 5, color: '#22C55E', probability: 100, kind: 'won' },
  { stage: 'lost', order: 6, color: '#EF4444', probability: 0, kind: 'lost' },
];

// The five sample templates of the specification, as rows. Variables in double braces are filled from
// the chosen contact, deal and sender when a template is rendered.
const TEMPLATES = [
  {
    name: 'Boas-vindas',
    category: 'welcome',
    subject: 'Bem-vindo(a), {{contact_name}}!',
    body: 'Olá {{contact_name}},\n\nObrigado pelo interesse na {{company}}. Sou {{user_name}} e vou acompanhar você a partir de agora.\n\nQualquer dúvida, é só responder a este e-mail.\n\nAtenciosamente,\n{{user_name}}',
  },
  {
    name: 'Follow-up',
    category: 'follow_up',
    subject: 'Retomando nossa conversa, {{contact_name}}',
    body: 'Olá {{contact_name}},\n\nGostaria de saber se teve a oportunidade de avaliar nossa conversa sobre {{deal_title}}.\n\nPodemos marcar um horário esta semana?\n\nAtenciosamente,\n{{user_name}}',
  },
  {
    name: 'Confirmação de reunião',
    category: 'meeting',
    subject: 'Reunião confirmada: {{meeting_date}}',
    body: 'Olá {{contact_name}},\n\nConfirmo nossa reunião em {{meeting_date}} para falarmos sobre {{deal_title}}.\n\nAté lá,\n{{user_name}}',
  },
  {
    name: 'Envio de proposta',
    category: 'proposal',
    subject: 'Proposta comercial: {{deal_title}}',
    body: 'Olá {{contact_name}},\n\nSegue a proposta para {{deal_title}} no valor de {{deal_value}}, conforme conversamos.\n\nFico à disposição para ajustes.\n\nAtenciosamente,\n{{user_name}}',
  },
  {
    name: 'Novidades do mês',
    category: 'marketing',
    subject: 'Novidades para a {{company}}',
    body: 'Olá {{contact_name}},\n\nPreparamos novidades que podem interessar à {{company}}. Responda este e-mail para conhecer os detalhes.\n\nAbraços,\n{{user_name}}',
  },
];

export async function up(knex: Knex): Promise<void> {
  await knex('pipeline_stages').insert(STAGES.map((s) => ({ pipeline: 'default', ...s })));
  await knex('email_templates').insert(TEMPLATES.map((t) => ({ ...t, is_active: true })));
}

export async function down(knex: Knex): Promise<void> {
  await knex('email_templates')
    .whereIn(
      'name',
      TEMPLATES.map((t) => t.name),
    )
    .whereNull('created_by')
    .delete();
  await knex('pipeline_stages')
    .where({ pipeline: 'default' })
    .whereIn(
      'stage',
      STAGES.map((s) => s.stage),
    )
    .delete();
}
