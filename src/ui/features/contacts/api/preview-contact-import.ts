import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, type ApiResponse } from '../../../lib/api-client';

export type ImportPreview = ApiResponse<'/api/crm/contacts/import/preview', 'post'>;
export type ImportMapping = ImportPreview['mapping'];
export type ImportField = keyof ImportPreview['sample'][number]['values'];
export type ImportMode = ImportPreview['mode'];

/** Every field a column can fill, in the order the mapping offers them (the compiler checks none is missing). */
export const IMPORT_FIELDS = Object.keys({
  name: 0, email: 0, phone: 0, company: 0, position: 0, source: 0, status: 0, score: 0, tags: 0, notes: 0,
} satisfies Record<ImportField, 0>) as ImportField[];

export const CONTACT_IMPORTS_QUERY_KEY = ['contact-imports'] as const;

/** A multipart POST (the file and text fields); failures throw ApiError like every other call. */
export async function postForm<T>(path: string, file: File, fields: Record<string, string>): Promise<T> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', file, file.name);
  const response = await fetch(path, { method: 'POST', body: form, credentials: 'include' });
  const text = await response.text();
  if (!response.ok) throw new ApiError(response.status, response.statusText, text);
  return JSON.parse(text) as T;
}

/** The dry run: without a mapping the server guesses one from the headers. Nothing is written. */
export const previewContactImport = ({ file, mapping, mode }: { file: File; mapping?: ImportMapping; mode: ImportMode }) =>
  postForm<ImportPreview>('/api/crm/contacts/import/preview', file, { ...(mapping && { mapping: JSON.stringify(mapping) }), mode });

/** One file is one wizard: its name, size and date tell it from another chosen later. */
const fileKey = (file: File) => `${file.name}:${file.size}:${file.lastModified}`;

export const getImportPreviewQueryOptions = (file: File, mapping: ImportMapping | undefined, mode: ImportMode) =>
  queryOptions({
    queryKey: [...CONTACT_IMPORTS_QUERY_KEY, 'preview', fileKey(file), mapping ?? null, mode],
    queryFn: () => previewContactImport({ file, mapping, mode }),
  });

export const useImportPreview = (file: File | null, mapping: ImportMapping | undefined, mode: ImportMode) =>
  useQuery({ ...getImportPreviewQueryOptions(file ?? new File([], ''), mapping, mode), enabled: file !== null });
