import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Contact as StoredContact } from '../../src/domain/contacts/contact';
import { openPalette, DEMO, launchBrowser, newPage, screenshot, signIn, toastLocator } from './support/browser';
import { startSeededServer, type RunningServer } from './support/server';

// One salesperson's day, end to end, on a server of its own (every figure below is worked out by hand from what
// this file does): sign in as the employee, import a pt Excel file with an owner column, find a contact by a pasted
// phone, log work, move a deal across two stages and win it with a past date, check the board's and the reports'
// figures, export in the pt Excel format and re-import it unchanged, and survive a missing route chunk after a deploy.
let browser: Browser;
let server: RunningServer;
let page: Page;

beforeAll(async () => {
  server = await startSeededServer('day-of-use');
  browser = await launchBrowser();
  page = await newPage(browser, { baseURL: server.baseUrl });
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const origin = () => ({ origin: server.baseUrl });
const text = async (locator: Locator) => ((await locator.textContent()) ?? '').replace(/\u00a0/g, ' ').trim();
const dialog = (p: Page) => p.getByRole('dialog');
const column = (p: Page, stage: string) => p.getByTestId(`column-${stage}`);
const dealCard = (p: Page, title: string) =>
  p.getByTestId('deal-card').filter({ has: p.getByRole('button', { name: title, exact: true }) });
const contactCard = (p: Page, name: string) =>
  p.getByTestId('contact-card').filter({ has: p.getByRole('button', { name, exact: true }) });

/** "Nome;E-mail;…" as Excel in Portuguese saves a CSV: Windows-1252 bytes, semicolons, CRLF. */
function windows1252(text: string): Buffer {
  return Buffer.from([...text].map((c) => c.charCodeAt(0)));
}

/** The day N days before today as the won dialog holds it (the browser's day; this machine and its Chromium run in UTC). */
const daysAgo = (days: number): string => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

/** A contact as the API answers it: its id and the fields a person sets (what a file round trip must keep). */
const FIELDS = [
  'id',
  'name',
  'email',
  'phone',
  'company',
  'position',
  'source',
  'status',
  'score',
  'tags',
  'notes',
  'ownerId',
] as const;
type Contact = Pick<StoredContact, (typeof FIELDS)[number]>;

async function contactsOfTag(p: Page, tag: string): Promise<Contact[]> {
  const res = await p.request.get(`/api/crm/contacts?tag=${encodeURIComponent(tag)}&limit=100`);
  expect(res.status()).toBe(200);
  const items = ((await res.json()) as { items: Contact[] }).items;
  return items
    .map((c) => Object.fromEntries(FIELDS.map((k) => [k, c[k]])) as Contact)
    .sort((a, b) => (a.email ?? '').localeCompare(b.email ?? ''));
}

const TAG = 'dia';
const PEOPLE = [
  'Nome;E-mail;Telefone;Empresa;Status;Pontuação;Tags;Responsável;Observações',
  `João Ação;joao@dia.example;(61) 93729-5260;Açúcar & Cia;Cliente;85;${TAG},vip;employee;"Ligou; quer proposta"`,
  `Márcia Gonçalves;marcia@dia.example;+55 21 3333-4444;Pão de Queijo Ltda;Prospect;60;${TAG};Fernanda Vendas;`,
  `Luís Araújo;luis@dia.example;11 98765-4321;Araújo Transportes;Lead;40;${TAG};employee;`,
  `Pedro Ninguém;pedro@dia.example;;Sem Dono SA;Lead;5;${TAG};quem-nao-existe;`,
];

let employeeId = 0;

describe('a day of use', () => {
  it('signs in as the employee and imports a pt Excel file with an owner column: each row goes to its owner, an unknown owner is refused', async () => {
    await signIn(page, DEMO.employee);
    employeeId = ((await (await page.request.get('/api/user')).json()) as { id: number }).id;

    await page.goto('/crm/contacts/import');
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'clientes.csv', mimeType: 'text/csv', buffer: windows1252(PEOPLE.join('\r\n') + '\r\n') });
    await page.getByTestId('import-rows-found').filter({ hasNotText: '…' }).waitFor();
    expect(await page.getByTestId('import-rows-found').textContent()).toBe('4');
    expect(await page.getByTestId('import-file-summary').textContent()).toContain(
      'Windows-1252, separado por ponto e vírgula',
    );
    await page.getByRole('button', { name: 'Avançar' }).click();
    // Every column guessed from its Portuguese header, the owner column included.
    expect(await page.getByLabel('Responsável').textContent()).toBe('Responsável');
    expect(await page.getByLabel('Status').textContent()).toBe('Status');
    await page.getByRole('button', { name: 'Avançar' }).click();
    await page.getByTestId('import-sample').waitFor();
    expect(await page.getByTestId('preview-created').textContent()).toBe('3');
    expect(await page.getByTestId('preview-rejected').textContent()).toBe('1');
    expect(await page.getByTestId('import-refused').textContent()).toContain('quem-nao-existe');
    expect(await text(page.getByTestId('import-owner-shares'))).toMatch(/Fernanda Vendas\D*3/);

    await page.getByRole('button', { name: 'Importar 3 linhas' }).click();
    await page.waitForURL(/\/crm\/contacts\/import\/\d+$/);
    await page.getByTestId('result-created').waitFor();
    expect(await page.getByTestId('result-created').textContent()).toBe('3');

    const imported = await contactsOfTag(page, TAG);
    expect(imported.map((c) => [c.name, c.status, c.ownerId])).toEqual([
      ['João Ação', 'customer', employeeId],
      ['Luís Araújo', 'lead', employeeId],
      ['Márcia Gonçalves', 'prospect', employeeId],
    ]);
    expect(imported[0].notes).toBe('Ligou; quer proposta');
    // "Meus" shows them: the employee works these contacts.
    await page.goto(`/crm/contacts?owner=${employeeId}`);
    await page.getByTestId('contacts-total').getByText('3 contatos').waitFor();
  });

  it('finds a contact by the phone as it is pasted, in the grid and in the palette', async () => {
    for (const pasted of ['+55 61 93729-5260', '61937295260', '937295260']) {
      await page.goto(`/crm/contacts?search=${encodeURIComponent(pasted)}`);
      await contactCard(page, 'João Ação').waitFor();
      expect(await page.getByTestId('contact-card').count(), pasted).toBe(1);
    }
    await page.goto('/crm/contacts');
    await page.getByTestId('contacts-total').waitFor();
    const palette = await openPalette(page);
    await page.keyboard.type('+55 (61) 9 3729 5260');
    await palette.getByRole('option', { name: /João Ação/ }).waitFor();
    await page.keyboard.press('Escape');
  });

  it('logs the call as done on the contact', async () => {
    const joao = (await contactsOfTag(page, TAG))[0];
    const res = await page.request.post('/api/crm/activities', {
      data: {
        type: 'call',
        subject: 'Ligar para o João',
        contactId: joao.id,
        dueDate: new Date(Date.now() + 3_600_000).toISOString(),
      },
      headers: origin(),
    });
    expect(res.status()).toBe(201);
    await page.goto('/crm/activities');
    const card = page
      .getByTestId('activity-card')
      .filter({ has: page.getByRole('button', { name: 'Ligar para o João', exact: true }) });
    await card.getByRole('button', { name: 'Concluir “Ligar para o João”' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Pular e concluir' }).click();
    await toastLocator(page).filter({ hasText: 'Concluída: Ligar para o João' }).waitFor();
    await page.getByRole('tab', { name: /Concluídas/ }).click();
    await card.waitFor();
    await page.goto(`/crm/contacts/${joao.id}`);
    await page.getByText('Ligar para o João').first().waitFor();
  });

  const WON_ON = daysAgo(3);

  it('moves a deal across two stages (its chance follows each stage), then wins it with a past date', async () => {
    const joao = (await contactsOfTag(page, TAG))[0];
    const create = async (title: string, value: string, stage: string, probability?: number) => {
      const res = await page.request.post('/api/crm/deals', {
        data: { title, value, stage, contactId: joao.id, ...(probability === undefined ? {} : { probability }) },
        headers: origin(),
      });
      expect(res.status()).toBe(201);
      return (await res.json()) as { id: number; probability: number };
    };
    const main = await create('Dia Contrato Anual', '10000.00', 'prospecting');
    expect(main.probability).toBe(10);
    await create('Dia Renovação', '2000.00', 'negotiation');
    await create('Dia Piloto', '1000.50', 'proposal', 30);
    const lost = await create('Dia Perdido', '75000.00', 'negotiation');
    expect(
      (
        await page.request.post(`/api/crm/deals/${lost.id}/move`, {
          data: { stage: 'lost', lostReason: 'price' },
          headers: origin(),
        })
      ).status(),
    ).toBe(200);

    await page.goto('/crm/pipeline?q=Dia');
    await page.getByTestId('total-count').getByText(/^\d/).waitFor();
    const main_ = dealCard(page, 'Dia Contrato Anual');
    expect(await text(main_.getByTestId('deal-probability'))).toContain('10%');

    // Keyboard: lift, one column right, drop; then again.
    for (const [stage, chance] of [
      ['qualification', '25%'],
      ['proposal', '50%'],
    ] as const) {
      // The board moves the card at once; wait for the server's answer so the next move never races this one.
      const moved = page.waitForResponse((res) => res.url().endsWith(`/api/crm/deals/${main.id}/move`));
      await main_.focus();
      await page.keyboard.press('Space');
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('Space');
      expect((await moved).status()).toBe(200);
      await dealCard(page, 'Dia Contrato Anual').and(column(page, stage).getByTestId('deal-card')).waitFor();
      await expect
        .poll(() => text(dealCard(page, 'Dia Contrato Anual').getByTestId('deal-probability')))
        .toContain(chance);
    }
    // The hand-set chance stays, and says it is manual.
    expect(await text(dealCard(page, 'Dia Piloto').getByTestId('deal-probability'))).toContain('30%');
    await dealCard(page, 'Dia Piloto').getByTestId('deal-probability-manual').waitFor();
    expect(await dealCard(page, 'Dia Contrato Anual').getByTestId('deal-probability-manual').count()).toBe(0);

    await page.getByRole('button', { name: 'Ações de Dia Contrato Anual' }).click();
    await page.getByRole('menuitem', { name: 'Ganho', exact: true }).click();
    await dialog(page).getByRole('heading', { name: 'Ganhar "Dia Contrato Anual"' }).waitFor();
    const when = dialog(page).getByLabel('Ganho em');
    expect(await when.inputValue()).toBe(daysAgo(0));
    await when.fill(WON_ON);
    const wonAnswer = page.waitForResponse((res) => res.url().endsWith(`/api/crm/deals/${main.id}/move`));
    await page.getByRole('button', { name: 'Marcar como ganho' }).click();
    expect((await wonAnswer).status()).toBe(200);
    await dealCard(page, 'Dia Contrato Anual').and(column(page, 'won').getByTestId('deal-card')).waitFor();
    const won = (await (await page.request.get(`/api/crm/deals/${main.id}`)).json()) as {
      stage: string;
      closedAt: string;
      expectedCloseDate: string | null;
    };
    expect(won.stage).toBe('won');
    expect(won.closedAt.slice(0, 10)).toBe(WON_ON);
    expect(won.expectedCloseDate).toBeNull();
  });

  it('shows open totals and a forecast without the closed deals, and the reports count the win on its date', async () => {
    await page.reload();
    await page.getByTestId('total-count').getByText(/^\d/).waitFor();
    // Open: Renovação 2.000,00 (75%) + Piloto 1.000,50 (30%, by hand) = 3.000,50; forecast 1.500,00 + 300,15 = 1.800,15.
    await expect.poll(() => text(page.getByTestId('total-open'))).toBe('R$ 3.000,50');
    expect(await text(page.getByTestId('total-forecast'))).toBe('R$ 1.800,15');
    expect(await column(page, 'lost').getByTestId('column-forecast').count()).toBe(0);
    expect(await column(page, 'won').getByTestId('column-forecast').count()).toBe(0);
    expect(await text(dealCard(page, 'Dia Perdido'))).not.toContain('% de chance');
    expect(await text(dealCard(page, 'Dia Contrato Anual'))).not.toContain('% de chance');
    await screenshot(page, 'day-of-use-board');

    const admin = await newPage(browser, { baseURL: server.baseUrl });
    await signIn(admin, DEMO.admin, { to: '/crm/reports?period=7' });
    await admin.getByRole('button', { name: 'Atualizar' }).click();
    await expect
      .poll(async () => text(admin.getByTestId('metric-salesWon-value')), { timeout: 30_000 })
      .toBe('R$ 10.000,00');
    await admin.context().close();
  });

  it('exports the contacts in the pt Excel format and re-imports the file unchanged', async () => {
    const before = await contactsOfTag(page, TAG);
    await page.goto(`/crm/contacts?tag=${TAG}`);
    await page.getByTestId('contacts-total').getByText('3 contatos').waitFor();
    await page.getByRole('button', { name: 'Exportar' }).click();
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: /Excel/ }).click(),
    ]);
    const chunks: Buffer[] = [];
    for await (const chunk of await file.createReadStream()) chunks.push(chunk as Buffer);
    const bytes = Buffer.concat(chunks);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const content = bytes.toString('utf8').slice(1);
    expect(content).toContain(';Cliente;');
    expect(content).not.toContain('customer');
    expect(content).toMatch(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);

    const importFile = async () => {
      await page.goto('/crm/contacts/import');
      await page
        .locator('input[type="file"]')
        .setInputFiles({ name: 'contacts.csv', mimeType: 'text/csv', buffer: bytes });
      await page.getByTestId('import-rows-found').filter({ hasNotText: '…' }).waitFor();
      expect(await page.getByTestId('import-rows-found').textContent()).toBe('3');
      await page.getByRole('button', { name: 'Avançar' }).click();
      await page.getByRole('button', { name: 'Avançar' }).click();
      await page.getByTestId('import-sample').waitFor();
    };
    const counts = () =>
      Promise.all(
        ['created', 'updated', 'skipped', 'rejected'].map((c) => page.getByTestId(`preview-${c}`).textContent()),
      );
    // Over the contacts it came from, asked to update them: not one value differs, so every row is left as it is.
    await importFile();
    await page.getByLabel('Atualizar o contato').check();
    await expect.poll(counts).toEqual(['0', '0', '3', '0']);

    // Into a list without them: the same contacts again.
    for (const c of before)
      expect((await page.request.delete(`/api/crm/contacts/${c.id}`, { headers: origin() })).status()).toBe(204);
    await importFile();
    await expect.poll(counts).toEqual(['3', '0', '0', '0']);
    await page.getByRole('button', { name: 'Importar 3 linhas' }).click();
    await page.getByTestId('result-created').filter({ hasText: '3' }).waitFor();
    const fields = ({ id: _id, ...rest }: Contact): Omit<Contact, 'id'> => rest;
    expect((await contactsOfTag(page, TAG)).map(fields)).toEqual(before.map(fields));
  });

  it('survives a deploy: a route chunk that is gone shows the new-version message inside the layout, with a reload', async () => {
    await page.goto('/crm/contacts');
    await page.getByTestId('contacts-total').waitFor();
    const loaded = new Set<string>();
    page.on('request', (req) => loaded.add(new URL(req.url()).pathname));
    // A deploy: every asset this tab has not loaded yet is gone from the server.
    const seen = await page.evaluate(() =>
      performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname),
    );
    for (const p of seen) loaded.add(p);
    await page.route('**/assets/**', (route) => {
      const pathname = new URL(route.request().url()).pathname;
      return seen.includes(pathname) ? route.continue() : route.fulfill({ status: 404, body: 'Not found' });
    });
    await page.getByRole('navigation').getByRole('link', { name: 'Atividades' }).click();
    await page.getByRole('heading', { name: 'Uma nova versão está disponível' }).waitFor();
    expect(await page.getByText(/Hey developer|Unexpected Application Error/).count()).toBe(0);
    await page.getByRole('navigation').getByRole('link', { name: 'Contatos' }).waitFor();
    await screenshot(page, 'day-of-use-new-version');
    await page.unroute('**/assets/**');
    await page.getByRole('main').getByRole('button', { name: 'Recarregar' }).click();
    await page.getByRole('tab', { name: /Concluídas/ }).waitFor();
    expect(await page.getByText('Uma nova versão está disponível').count()).toBe(0);
  });
});
