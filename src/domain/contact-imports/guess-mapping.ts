import type { ImportMapping, MappingTarget } from './contact-import';

/** Header words, in Portuguese and English, written without accents, case, spaces or punctuation. */
const HEADER_WORDS: Record<MappingTarget, string[]> = {
  name: ['nome', 'name', 'nomecompleto', 'fullname', 'contato', 'contact', 'cliente'],
  email: ['email', 'mail', 'emailaddress', 'enderecodeemail', 'correioeletronico'],
  phone: ['telefone', 'phone', 'fone', 'celular', 'mobile', 'tel', 'whatsapp', 'phonenumber', 'telephone'],
  company: ['empresa', 'company', 'organizacao', 'organization', 'companhia', 'firma'],
  cnpj: ['cnpj', 'cnpjdaempresa', 'companycnpj'],
  position: ['cargo', 'position', 'title', 'jobtitle', 'funcao', 'role'],
  source: ['origem', 'source', 'fonte', 'canal', 'leadsource'],
  status: ['status', 'situacao', 'estado'],
  score: ['pontuacao', 'score', 'pontos', 'nota', 'leadscore'],
  tags: ['tags', 'tag', 'etiquetas', 'marcadores', 'labels'],
  notes: ['notas', 'notes', 'observacoes', 'observacao', 'obs', 'comentarios', 'anotacoes'],
  owner: [
    'responsavel',
    'owner',
    'dono',
    'proprietario',
    'vendedor',
    'vendedora',
    'salesperson',
    'ownername',
    'assignedto',
  ],
};

const BY_WORD = new Map(
  Object.entries(HEADER_WORDS).flatMap(([field, words]) => words.map((w) => [w, field as MappingTarget])),
);

/** "Pontuação" -> "pontuacao", "E-mail" -> "email". */
export function headerKey(header: string): string {
  return header
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

/** Each column whose header names a field, the first one winning when two name the same field. */
export function guessMapping(columns: string[]): ImportMapping {
  const mapping: ImportMapping = {};
  const taken = new Set<MappingTarget>();
  for (const column of columns) {
    const field = BY_WORD.get(headerKey(column));
    if (field && !taken.has(field) && !(column in mapping)) {
      mapping[column] = field;
      taken.add(field);
    }
  }
  return mapping;
}
