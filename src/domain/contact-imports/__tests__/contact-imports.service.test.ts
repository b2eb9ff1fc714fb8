import { beforeEach, describe, expect, it } from 'vitest';
import { customField, customFieldsOf } from '../../custom-fields/__tests__/custom-fields-of';
import { normalizeOptions, type CustomField } from '../../custom-fields/custom-field';
import { InMemoryContactRepository } from '../../contacts/__tests__/in-memory-contact.repository';
import { ContactsService } from '../../contacts/contacts.service';
import { FixedClock, InMemoryUnitOfWork } from '../../shared/__tests__/in-memory-unit-of-work';
import { InMemoryTimelineRepository } from '../../timeline/__tests__/in-memory-timeline.repository';
import { TimelineService } from '../../timeline/timeline.service';
import type { ImportMapping, ImportMode } from '../contact-import';
import { ContactImportsService } from '../contact-imports.service';
import { InMemoryContactImportRepository, RecordingJobQueue, SemicolonLinesFile, fileOf } from './in-memory-imports';

// ContactImportsService over in-memory repositories: what each row of a file does (the plan), in the dry run and
// when the import runs, and undoing it.

const NOW = new Date('2026-11-20T15:30:00.000Z');
const ana = { id: 2, role: 'employee' as const };
const bruno = { id: 3, role: 'employee' as const };
const mapping: ImportMapping = { name: 'name', email: 'email', score: 'score' };
/** The contacts' custom fields (none but in the custom field tests): */
const fields: CustomField[] = [];
/** Those tests': a choice (one option retired), a required day, and one retired field. */
const FIELDS = [
  customField('segment', 'select', {
    label: { pt: 'Segmento', en: 'Segment' },
    options: [
      ...normalizeOptions(['varejo', { key: 'industria', label: { pt: 'Indústria', en: 'Industry' } }]),
      { key: 'antigo', label: { pt: 'Antigo', en: 'Old' }, retired: true },
    ],
  }),
  customField('since', 'date', { required: true }),
  customField('legacy', 'text', { retired: true }),
];

let contacts: InMemoryContactRepository;
let timeline: InMemoryTimelineRepository;
let imports: InMemoryContactImportRepository;
let service: ContactImportsService;
let padaria: number;
let mercado: number;

beforeEach(async () => {
  timeline = new InMemoryTimelineRepository();
  contacts = new InMemoryContactRepository(timeline);
  imports = new InMemoryContactImportRepository(contacts, timeline, [
    { id: ana.id, username: 'ana', name: 'Ana' },
    { id: bruno.id, username: 'bruno', name: 'Bruno' },
  ]);
  const uow = new InMemoryUnitOfWork([contacts, timeline, imports]);
  const timelineService = new TimelineService(timeline);
  const contactsService = new ContactsService(contacts, uow, timelineService, customFieldsOf());
  service = new ContactImportsService(
    imports,
    new SemicolonLinesFile(),
    contactsService,
    uow,
    new RecordingJobQueue(),
    new FixedClock(NOW),
    timelineService,
    customFieldsOf(fields),
  );
  fields.length = 0;
  padaria = (
    await contacts.create({ name: 'Padaria', email: 'padaria@x.com', score: 10, ownerId: ana.id, createdBy: ana.id })
  ).id;
  mercado = (
    await contacts.create({
      name: 'Mercado',
      email: 'mercado@x.com',
      score: 20,
      ownerId: bruno.id,
      createdBy: bruno.id,
    })
  ).id;
});

/** Row by row: a new contact, a change to Ana's, the same change again, Bruno's contact, the new one again, no name. */
const FILE = [
  'name;email;score',
  'Nova;nova@x.com;5',
  'Padaria;padaria@x.com;50',
  'Padaria;padaria@x.com;50',
  'Mercado;mercado@x.com;1',
  'Nova 2;NOVA@x.com;7',
  ';sem-nome@x.com;1',
];

const preview = (mode: ImportMode) =>
  service.preview(ana, { fileName: 'contatos.csv', file: fileOf(...FILE), size: 100, mapping, mode });

async function runImport(mode: ImportMode, lines = FILE, columns = mapping): Promise<number> {
  const created = await imports.create({
    fileName: 'contatos.csv',
    mapping: columns,
    mode,
    privacy: null,
    createdBy: ana.id,
    createdByRole: ana.role,
    ownerId: null,
    ownerIds: null,
  });
  await imports.storeFile(created.id, fileOf(...lines)());
  await service.run(created.id);
  return created.id;
}

describe('ContactImportsService: what each row does', () => {
  it('in the dry run, tells each row’s outcome in update mode and writes nothing', async () => {
    const before = structuredClone([...contacts.rows.values()]);
    const result = await preview('update');

    expect(result.totalRows).toBe(6);
    expect(result.counts).toEqual({ created: 1, updated: 2, skipped: 1, rejected: 2 });
    expect(result.sample.map((s) => [s.rowNumber, s.outcome])).toEqual([
      [1, 'create'],
      [2, 'update'],
      [3, 'skip'],
      [5, 'update'],
    ]);
    expect(result.rejections.map((r) => r.rowNumber)).toEqual([4, 6]);
    expect(result.rejections[0].reason).toBe(`email: contact #${mercado} belongs to someone else`);
    expect(result.rejections[1].reason).toMatch(/^name: /);
    expect(result.owners).toEqual([{ userId: ana.id, name: 'Ana', count: 1 }]);
    expect([...contacts.rows.values()]).toEqual(before);
    expect(timeline.entries).toEqual([]);
  });

  it('in skip mode, leaves every existing or repeated email alone, someone else’s included', async () => {
    const result = await preview('skip');
    expect(result.counts).toEqual({ created: 1, updated: 0, skipped: 4, rejected: 1 });
    expect(result.rejections.map((r) => r.rowNumber)).toEqual([6]);
  });

  it('when it runs, writes what the dry run said: a later row with the same email goes into the new contact', async () => {
    const id = await runImport('update');

    const found = (await imports.find(id))!;
    expect(found).toMatchObject({ status: 'completed', rowsDone: 6, totalRows: 6 });
    expect(found.counts).toEqual({ created: 1, updated: 2, skipped: 1, rejected: 2 });
    expect((await imports.rejections(id)).map((r) => r.rowNumber)).toEqual([4, 6]);

    const created = [...contacts.rows.values()].filter((c) => c.id !== padaria && c.id !== mercado);
    expect(created).toEqual([
      expect.objectContaining({ name: 'Nova 2', email: 'NOVA@x.com', score: 7, ownerId: ana.id, createdBy: ana.id }),
    ]);
    expect((await contacts.findById(padaria))!.score).toBe(50);
    expect((await contacts.findById(mercado))!.score).toBe(20);

    expect(timeline.entries.map((e) => [e.entityId, e.action, e.importId, e.userId, e.changes])).toEqual([
      [created[0].id, 'created', id, ana.id, []],
      [padaria, 'updated', id, ana.id, [{ field: 'score', oldValue: 10, newValue: 50 }]],
    ]);
  });

  it('undoes a run: removes what it created and puts back what it changed, each with an entry', async () => {
    const id = await runImport('update');
    const createdId = timeline.entries.find((e) => e.action === 'created')!.entityId;

    const undone = await service.undo(ana, id);

    expect(undone).toMatchObject({ status: 'undone', undoneBy: ana.id });
    expect(await contacts.findById(createdId)).toBeNull();
    expect((await contacts.findById(padaria))!.score).toBe(10);
    expect(timeline.entries.slice(2).map((e) => [e.entityId, e.action, e.changes])).toEqual([
      [createdId, 'deleted', []],
      [padaria, 'updated', [{ field: 'score', oldValue: 50, newValue: 10 }]],
    ]);
  });

  it('refuses to undo once someone changed an imported contact since, and then changes nothing', async () => {
    const id = await runImport('update');
    await new ContactsService(
      contacts,
      new InMemoryUnitOfWork([contacts, timeline]),
      new TimelineService(timeline),
      customFieldsOf(),
    ).update(ana, padaria, { notes: 'called' });

    await expect(service.undo(ana, id)).rejects.toMatchObject({
      code: 'IMPORT.CHANGED_SINCE',
      details: { contactIds: [padaria] },
    });
    expect((await contacts.findById(padaria))!.score).toBe(50);
    expect((await imports.find(id))!.status).toBe('completed');
  });
});

describe('ContactImportsService: custom field columns', () => {
  const customMapping: ImportMapping = {
    name: 'name',
    email: 'email',
    Segmento: 'customFields.segment',
    Desde: 'customFields.since',
  };
  const FILE_WITH_FIELDS = [
    'name;email;Segmento;Desde',
    'Nova;nova@x.com;Indústria;05/03/2026',
    'Sem data;sem-data@x.com;varejo;',
    'Padaria;padaria@x.com;antigo;',
    'Mercado;mercado@x.com;Serviços;01/01/2026',
    'Data ruim;ruim@x.com;varejo;31/02/2026',
  ];
  const importFields = (lines: string[]) => runImport('update', lines, customMapping);

  beforeEach(async () => {
    fields.push(...FIELDS);
    await contacts.update(padaria, { customFields: { segment: 'antigo', since: '2020-01-01', legacy: 'kept' } });
  });

  it('guesses custom field columns by label or key, and refuses a mapping to no field or a retired one', async () => {
    const guessed = await service.preview(ana, {
      fileName: 'campos.csv',
      file: fileOf('Nome;E-mail;Segmento;customFields.since;legacy', 'A;a@x.com;varejo;01/01/2026;x'),
      size: 10,
      mode: 'skip',
    });
    expect(guessed.suggestedMapping).toEqual({
      Nome: 'name',
      'E-mail': 'email',
      Segmento: 'customFields.segment',
      'customFields.since': 'customFields.since',
    });
    expect(guessed.sample[0].values.customFields).toEqual({ segment: 'varejo', since: '2026-01-01' });
    for (const target of ['customFields.legacy', 'customFields.nothing'] as const)
      await expect(
        service.preview(ana, {
          fileName: 'campos.csv',
          file: fileOf('Nome;X', 'A;1'),
          size: 10,
          mapping: { Nome: 'name', X: target },
          mode: 'skip',
        }),
      ).rejects.toMatchObject({ details: [{ path: 'mapping.X', type: 'import.field' }] });
  });

  it('stores the values read as their type, refuses a bad one naming the field, and a new contact without a required one', async () => {
    const id = await importFields(FILE_WITH_FIELDS);

    expect((await imports.rejections(id)).map((r) => [r.rowNumber, r.reason])).toEqual([
      [2, 'customFields.since: is required'],
      [4, 'customFields.segment: must be one of varejo, Indústria'],
      [5, 'customFields.since: must be a date as YYYY-MM-DD'],
    ]);
    const nova = [...contacts.rows.values()].find((c) => c.email === 'nova@x.com')!;
    expect(nova.customFields).toEqual({ segment: 'industria', since: '2026-03-05' });
    // A retired option the contact holds is no change; the retired field's value stays.
    expect((await contacts.findById(padaria))!.customFields).toEqual({
      segment: 'antigo',
      since: '2020-01-01',
      legacy: 'kept',
    });
    expect((await imports.find(id))!.counts).toMatchObject({ created: 1, skipped: 1, rejected: 3 });
  });

  it('merges a change into the values a contact holds, shows it in the timeline, and an undo puts them back', async () => {
    const id = await importFields(['name;email;Segmento;Desde', 'Padaria;padaria@x.com;Industry;']);

    expect((await contacts.findById(padaria))!.customFields).toEqual({
      segment: 'industria',
      since: '2020-01-01',
      legacy: 'kept',
    });
    const change = timeline.entries.find((e) => e.entityId === padaria && e.action === 'updated')!;
    expect(change.changes).toEqual([
      {
        field: 'customFields',
        oldValue: { segment: 'antigo', since: '2020-01-01', legacy: 'kept' },
        newValue: { segment: 'industria', since: '2020-01-01', legacy: 'kept' },
      },
    ]);

    await service.undo(ana, id);
    expect((await contacts.findById(padaria))!.customFields).toEqual({
      segment: 'antigo',
      since: '2020-01-01',
      legacy: 'kept',
    });
  });
});
