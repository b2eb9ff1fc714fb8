import { describe, expect, it } from 'vitest';
import type { ContactImportRepository } from '../../../domain/contact-imports/contact-imports.ports';
import { CONTACT_IMPORT_REPOSITORY } from '../../../domain/contact-imports/contact-imports.tokens';
import { useCrmServer } from '../../crm/__tests__/crm-test-kit';
import { importEnded, sendImport } from './import-test-kit';

const crm = useCrmServer();
const MAPPING = JSON.stringify({ Nome: 'name', 'E-mail': 'email' });
const TEXT = 'Aceito receber novidades da loja por e-mail e WhatsApp.';

describe('an import’s legal basis and consent (LGPD)', () => {
  it('records them for every contact it creates or updates, once, and refuses a consent without its text', async () => {
    // (A row whose contact it leaves unchanged, or skips, records nothing: the import did not touch that contact.)
    const { admin } = crm.users;
    const existing = (await admin.post('/api/crm/contacts', { name: 'Já cadastrada', email: 'ja@lgpd-import.test' }))
      .body;
    const file = ['Nome,E-mail', 'Nova Pessoa,nova@lgpd-import.test', 'Já Cadastrada Souza,ja@lgpd-import.test'].join(
      '\n',
    );

    const refused = await sendImport(admin, '/api/crm/contacts/import', file, {
      mapping: MAPPING,
      consentChannels: JSON.stringify(['email']),
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.details[0].path).toBe('consentText');
    const unknown = await sendImport(admin, '/api/crm/contacts/import', file, { mapping: MAPPING, legalBasis: 'whim' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.details[0].path).toBe('legalBasis');

    const started = await sendImport(admin, '/api/crm/contacts/import', file, {
      mapping: MAPPING,
      mode: 'update',
      legalBasis: 'consent',
      consentChannels: JSON.stringify(['email', 'whatsapp']),
      consentText: TEXT,
    });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    expect(started.body.privacy).toEqual({
      legalBasis: 'consent',
      consentChannels: ['email', 'whatsapp'],
      consentText: TEXT,
    });
    expect(await importEnded(admin, started.body.id)).toMatchObject({ status: 'completed' });

    const created = await crm.knex('contacts').where({ email: 'nova@lgpd-import.test' }).first('id');
    for (const id of [created.id, existing.id]) {
      const privacy = (await admin.get(`/api/privacy/contacts/${id}/consents`)).body;
      expect(privacy.legalBasis).toMatchObject({ basis: 'consent', source: 'import' });
      expect(privacy.legalBasis.note).toContain(`Importação nº ${started.body.id}`);
      expect(privacy.state.email).toMatchObject({ granted: true });
      expect(privacy.state.whatsapp).toMatchObject({ granted: true });
      expect(privacy.state.phone).toBeNull();
      expect(privacy.items).toEqual([
        expect.objectContaining({ source: 'import', text: TEXT }),
        expect.objectContaining({ source: 'import', text: TEXT }),
      ]);
    }

    // The step runs again after a crash between it and the import's end: nothing is recorded twice.
    const job = (await admin.get(`/api/crm/contacts/import/${started.body.id}`)).body;
    const repository = crm.server.runtime.container.get<ContactImportRepository>(CONTACT_IMPORT_REPOSITORY);
    await repository.recordPrivacy((await repository.find(job.id))!, crm.users.ids.admin);
    expect(await crm.knex('contactLegalBases').where({ contactId: created.id })).toHaveLength(1);
    expect(await crm.knex('contactConsents').where({ contactId: created.id })).toHaveLength(2);
  });
});
