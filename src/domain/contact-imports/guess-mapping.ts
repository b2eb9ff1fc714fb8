import type { CustomField } from '../custom-fields/custom-field';
import { guessCustomColumns } from '../custom-fields/custom-field-cell';
import type { ImportMapping, MappingTarget } from './contact-import';
import { CONTACT_PRESETS, recognizePreset, type ImportPreset } from './crm-presets';

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
  firstName: ['primeironome', 'firstname', 'prenome', 'givenname'],
  lastName: ['sobrenome', 'lastname', 'surname', 'familyname'],
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

/** "Pontuação" -> "pontuacao", "E-mail" -> "email". */
export function headerKey(header: string): string {
  return header
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

/**
 * A guesser of a file's mapping from its header words (written as `headerKey` writes them): each column whose header
 * names a field, the first one winning when two name the same field. The contacts and the companies imports each
 * have their words.
 */
export function mappingGuesser<T extends string>(words: Record<T, string[]>): (columns: string[]) => Record<string, T> {
  const byWord = new Map(
    (Object.entries(words) as [T, string[]][]).flatMap(([field, list]) => list.map((w) => [w, field] as const)),
  );
  return (columns) => {
    const mapping: Record<string, T> = {};
    const taken = new Set<T>();
    for (const column of columns) {
      const field = byWord.get(headerKey(column));
      if (field && !taken.has(field) && !(column in mapping)) {
        mapping[column] = field;
        taken.add(field);
      }
    }
    return mapping;
  };
}

const guessFields: (columns: string[]) => ImportMapping = mappingGuesser(HEADER_WORDS);

/**
 * The export of another CRM the file is (crm-presets), with its own mapping; else each column whose header names a
 * contact field (or the owner). Then each column left whose header is a custom field's, as our exports head it
 * (`customFields.<key>`, or its label in either language) or by its key. Retired fields are not guessed.
 */
export function guessMapping(columns: string[], fields: CustomField[] = []): ImportMapping {
  const recognized = recognizePreset(CONTACT_PRESETS, columns, headerKey);
  const mapping = recognized?.mapping ?? guessFields(columns);
  return { ...mapping, ...guessCustomColumns(columns, mapping, fields, headerKey) };
}

/** Which CRM's export of people the file is, by its headers; null: none we know. */
export function contactPresetOf(columns: string[]): ImportPreset | null {
  return recognizePreset(CONTACT_PRESETS, columns, headerKey)?.preset ?? null;
}
