import { ApiError } from '../api-client';

/** A multipart POST of a wizard (the text fields, then the file); failures throw ApiError like every other call. */
export async function postForm<T>(path: string, file: File, fields: Record<string, string>): Promise<T> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', file, file.name);
  const response = await fetch(path, { method: 'POST', body: form, credentials: 'include' });
  const text = await response.text();
  if (!response.ok) throw new ApiError(response.status, response.statusText, text);
  return JSON.parse(text) as T;
}

/** One file is one wizard: its name, size and date tell it from another chosen later (a query key's part). */
export const fileKey = (file: File) => `${file.name}:${file.size}:${file.lastModified}`;
