import type { TestClient } from '../../../../tests/support/test-server';

/** A multipart POST of the wizard (`/api/crm/contacts/import` or its `/preview`): text fields, then the file. */
export async function sendImport(
  client: TestClient,
  path: string,
  file: Buffer | string,
  fields: Record<string, string> = {},
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append(
    'file',
    new Blob([typeof file === 'string' ? file : new Uint8Array(file)], { type: 'text/csv' }),
    'contatos.csv',
  );
  const res = await fetch(`${client.baseUrl}${path}`, {
    method: 'POST',
    headers: {
      origin: client.baseUrl,
      cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      'x-forwarded-for': client.ip,
    },
    body: form,
  });
  return { status: res.status, body: await res.json() };
}

/** The import once its job ended (completed or failed). */
export async function importEnded(client: TestClient, id: number) {
  for (let i = 0; i < 1000; i++) {
    const res = await client.get(`/api/crm/contacts/import/${id}`);
    if (res.body.status === 'completed' || res.body.status === 'failed') return res.body;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('the import never ended');
}
