import type { PrivacyRequest } from '../../domain/privacy/privacy-request';
import type { SubjectData, SubjectRecord } from '../../domain/privacy/subject-data';

/** The report's section titles and what each holds, in Portuguese (the person who asked reads it). */
const SECTIONS: { key: keyof SubjectData; title: string; about: string }[] = [
  { key: 'legalBases', title: 'Bases legais', about: 'Em que base legal (LGPD, art. 7º) tratamos os seus dados.' },
  { key: 'consents', title: 'Consentimentos', about: 'Cada consentimento dado ou revogado, por canal.' },
  { key: 'deals', title: 'Negócios', about: 'Os negócios de que você participa.' },
  { key: 'activities', title: 'Atividades', about: 'Tarefas, ligações e reuniões ligadas a você.' },
  { key: 'notes', title: 'Anotações', about: 'Anotações da equipe sobre você.' },
  { key: 'timeline', title: 'Histórico', about: 'Cada alteração nos seus dados e registros, com quem a fez.' },
  { key: 'formSubmissions', title: 'Formulários enviados', about: 'O que você enviou pelos formulários do site.' },
  { key: 'importRows', title: 'Importações', about: 'As importações de planilha que criaram ou alteraram seus dados.' },
  { key: 'templateMessages', title: 'Mensagens enviadas', about: 'Mensagens escritas a você a partir de modelos.' },
  { key: 'privacyRequests', title: 'Solicitações', about: 'As solicitações de privacidade feitas em seu nome.' },
];

/** Field names as a person reads them; a name not listed shows as it is. */
const LABELS: Record<string, string> = {
  id: 'Nº',
  name: 'Nome',
  email: 'E-mail',
  phone: 'Telefone',
  company: 'Empresa',
  position: 'Cargo',
  source: 'Origem',
  status: 'Situação',
  score: 'Pontuação',
  tags: 'Etiquetas',
  notes: 'Observações',
  customFields: 'Campos personalizados',
  ownerName: 'Responsável',
  createdAt: 'Criado em',
  updatedAt: 'Alterado em',
  anonymizedAt: 'Anonimizado em',
  basis: 'Base legal',
  note: 'Justificativa',
  recordedByName: 'Registrado por',
  channel: 'Canal',
  granted: 'Consentiu',
  text: 'Texto apresentado',
  address: 'Endereço IP',
  title: 'Título',
  value: 'Valor',
  currency: 'Moeda',
  pipeline: 'Funil',
  stage: 'Etapa',
  role: 'Papel',
  type: 'Tipo',
  subject: 'Assunto',
  description: 'Descrição',
  dueDate: 'Prazo',
  completedAt: 'Concluída em',
  kind: 'Tipo',
  body: 'Texto',
  occurredAt: 'Quando',
  entityType: 'Registro',
  entityName: 'Nome do registro',
  action: 'Ação',
  changes: 'Alterações',
  at: 'Quando',
  userName: 'Por',
  formName: 'Formulário',
  values: 'Valores enviados',
  consent: 'Consentimento',
  consentText: 'Texto do consentimento',
  fileName: 'Arquivo',
  templateName: 'Modelo',
  requesterName: 'Solicitante',
  dueAt: 'Prazo',
};

const DATE_TIME = new Intl.DateTimeFormat('pt-BR', {
  dateStyle: 'short',
  timeStyle: 'short',
  timeZone: 'America/Sao_Paulo',
});

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function cell(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (value instanceof Date) return escape(DATE_TIME.format(value));
  if (typeof value === 'boolean') return value ? 'Sim' : 'Não';
  if (Array.isArray(value) && value.every((v) => typeof v !== 'object')) return escape(value.join(', '));
  if (typeof value === 'object') return `<code>${escape(JSON.stringify(value))}</code>`;
  return escape(String(value));
}

function table(rows: SubjectRecord[]): string {
  if (rows.length === 0) return '<p class="none">Nenhum registro.</p>';
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  const head = columns.map((c) => `<th scope="col">${escape(LABELS[c] ?? c)}</th>`).join('');
  const body = rows.map((row) => `<tr>${columns.map((c) => `<td>${cell(row[c])}</td>`).join('')}</tr>`).join('\n');
  return `<table><thead><tr>${head}</tr></thead><tbody>\n${body}\n</tbody></table>`;
}

function fields(record: SubjectRecord): string {
  const rows = Object.entries(record)
    .map(([key, value]) => `<tr><th scope="row">${escape(LABELS[key] ?? key)}</th><td>${cell(value)}</td></tr>`)
    .join('\n');
  return `<table class="fields"><tbody>\n${rows}\n</tbody></table>`;
}

/**
 * The answer to an access request as a page a person reads: everything Funil holds about them, in Portuguese, with
 * no script, style sheet or image fetched from anywhere (it opens offline, and prints).
 */
export function subjectReportHtml(data: SubjectData & { request: PrivacyRequest }): string {
  const generated = DATE_TIME.format(new Date());
  const sections = SECTIONS.map(
    ({ key, title, about }) =>
      `<section><h2>${title} <small>(${(data[key] as unknown[]).length})</small></h2><p>${about}</p>${table(
        data[key] as SubjectRecord[],
      )}</section>`,
  ).join('\n');
  return `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Seus dados no Funil — ${escape(String(data.contact.name))}</title>
<style>
body { font: 15px/1.5 system-ui, sans-serif; color: #111; margin: 2rem auto; max-width: 60rem; padding: 0 1rem; }
h1 { font-size: 1.5rem; } h2 { font-size: 1.15rem; margin-top: 2rem; } small { color: #555; font-weight: normal; }
table { border-collapse: collapse; width: 100%; font-size: 13px; } th, td { border: 1px solid #ccc; padding: .3rem .5rem;
text-align: left; vertical-align: top; } th { background: #f3f3f3; } code { white-space: pre-wrap; word-break: break-word; }
.fields th { width: 14rem; } .none { color: #555; }
</style>
</head>
<body>
<h1>Seus dados no Funil</h1>
<p>Relatório gerado em ${escape(generated)} (horário de Brasília) em resposta à solicitação nº ${data.request.id}
de ${escape(data.request.requesterName)}, registrada em ${escape(DATE_TIME.format(data.request.createdAt))}.
Ele reúne tudo o que guardamos sobre você, conforme o art. 18 da Lei Geral de Proteção de Dados (Lei 13.709/2018).</p>
<section><h2>Dados cadastrais</h2>${fields(data.contact)}</section>
<section><h2>Empresa</h2>${data.company ? fields(data.company) : '<p class="none">Nenhuma empresa vinculada.</p>'}</section>
${sections}
</body>
</html>
`;
}
