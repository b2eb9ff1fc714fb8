import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  axeAt,
  baseUrl,
  DEMO,
  expectAccessible,
  inEveryLook,
  launchBrowser,
  newPage,
  registerUser,
  screenshot,
  signIn,
  toastLocator,
  uniqueName,
  type Language,
  settled,
  downloadedText,
  visit,
} from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const PASSWORD = 'a-good-password';

async function newEmployee(prefix: string, options: { language?: Language; width?: number } = {}) {
  const page = await newPage(browser, options);
  const user = { username: uniqueName(prefix), name: 'Igor Importa', initials: 'II', password: PASSWORD };
  await registerUser(page, user);
  return { page, user };
}

interface Contact {
  id: number;
  name: string;
  email: string | null;
  company: string | null;
  status: string;
  score: number;
}

async function findByEmail(page: Page, email: string): Promise<Contact | undefined> {
  const res = await page.request.get(`/api/crm/contacts?search=${encodeURIComponent(email)}`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { items: Contact[] }).items.find((c) => c.email === email);
}

/** "Nome;E-mail;Pontuação" as Excel in Portuguese saves a CSV: Windows-1252 bytes, semicolons. */
function windows1252(text: string): Buffer {
  return Buffer.from([...text].map((c) => c.charCodeAt(0)));
}

const fileInput = (page: Page) => page.locator('input[type="file"]');

async function chooseFile(page: Page, name: string, buffer: Buffer) {
  await fileInput(page).setInputFiles({ name, mimeType: 'text/csv', buffer });
  await page.getByTestId('import-rows-found').filter({ hasNotText: '…' }).waitFor();
}

describe('contact import wizard', () => {
  it("recognises another CRM's export (HubSpot) and maps it, the split name included, with no hand work", async () => {
    const { page } = await newEmployee('hub');
    await visit(page, '/crm/contacts/import');
    await chooseFile(page, 'hubspot-contacts.csv', readFileSync('tests/fixtures/crm-exports/hubspot-contacts.csv'));
    await page.getByRole('button', { name: 'Avançar' }).click();
    await page.getByText('Reconhecemos uma exportação do HubSpot').waitFor();
    expect(await page.getByLabel('First Name').textContent()).toBe('Primeiro nome');
    expect(await page.getByLabel('Last Name').textContent()).toBe('Sobrenome');
    expect(await page.getByLabel('Contact owner').textContent()).toBe('Ignorar esta coluna');
    expect(await page.getByLabel('Lifecycle Stage').textContent()).toBe('Ignorar esta coluna');
    expect(await page.getByRole('button', { name: 'Avançar' }).isDisabled()).toBe(false);
    await page.getByRole('button', { name: 'Avançar' }).click();
    await page.getByTestId('import-sample').waitFor();
    expect(await page.getByTestId('preview-created').textContent()).toBe('3');
    expect(await page.getByTestId('preview-rejected').textContent()).toBe('0');
    expect(await page.getByTestId('import-sample').textContent()).toContain('Beatriz Almeida');
  });

  it('asks for the legal basis and consent (LGPD), needs the consent text, and records both for the new contacts', async () => {
    const { page } = await newEmployee('lgpd');
    const email = `${uniqueName('lgpd').toLowerCase()}@exemplo.com.br`;
    await visit(page, '/crm/contacts/import');
    await chooseFile(page, 'lista.csv', Buffer.from(`Nome,E-mail\nLia Consente,${email}\n`));
    await page.getByRole('button', { name: 'Avançar' }).click();
    await page.getByRole('button', { name: 'Avançar' }).click();
    await page.getByTestId('import-sample').waitFor();
    const privacy = page.getByTestId('import-privacy');
    await privacy.getByLabel('Base legal').click();
    await page.getByRole('option', { name: 'Consentimento' }).click();
    await privacy.getByLabel('E-mail').check();
    const start = page.getByRole('button', { name: /^Importar \d/ });
    // A consent needs the text the people saw.
    await expect.poll(() => start.isDisabled()).toBe(true);
    await privacy.getByLabel('Texto que as pessoas viram ao consentir').fill('Quero receber a newsletter.');
    await expect.poll(() => start.isDisabled()).toBe(false);
    await start.click();
    await page.waitForURL(/\/crm\/contacts\/import\/\d+$/);
    await expect.poll(async () => (await findByEmail(page, email))?.id ?? null).not.toBeNull();
    const contact = (await findByEmail(page, email))!;
    await expect
      .poll(
        async () => (await (await page.request.get(`/api/privacy/contacts/${contact.id}/consents`)).json()).legalBasis,
      )
      .toMatchObject({ basis: 'consent', source: 'import' });
    const consents = await (await page.request.get(`/api/privacy/contacts/${contact.id}/consents`)).json();
    expect(consents.state.email).toMatchObject({ granted: true });
    expect(consents.items[0]).toMatchObject({ source: 'import', text: 'Quero receber a newsletter.' });
  });

  it('imports a CSV with a mapping (a refused row, an update by email), keeps the result across a reload, downloads the refused rows, then undoes it', async () => {
    const { page } = await newEmployee('imp');
    const tag = uniqueName('w').toLowerCase();
    const antiga = await page.request.post('/api/crm/companies', {
      data: { name: 'Antiga' },
      headers: { origin: baseUrl() },
    });
    const old = await page.request.post('/api/crm/contacts', {
      data: {
        name: 'Nome Antigo',
        email: `${tag}-old@example.com`,
        status: 'prospect',
        companyId: ((await antiga.json()) as { id: number }).id,
      },
      headers: { origin: baseUrl() },
    });
    expect(old.status()).toBe(201);
    const csv = [
      'Nome Completo,Correio,Empresa,Pontuação,Coluna Extra',
      `Nova Pessoa,${tag}-new@example.com,Acme,10,x`,
      `Nome Novo,${tag}-old@example.com,Beta,20,y`,
      `Pontuação Alta,${tag}-bad@example.com,Gama,500,z`,
    ].join('\n');

    await page.goto('/crm/contacts');
    await page.getByRole('link', { name: 'Importar', exact: true }).click();
    await page.waitForURL('**/crm/contacts/import');
    expect(await page.locator('[aria-current="step"]').textContent()).toContain('Arquivo');
    // A file the server cannot read: its reason, no rows being counted any more, and no way on.
    await fileInput(page).setInputFiles({
      name: 'quebrado.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('Nome\n"Ana'),
    });
    await page.getByRole('alert').filter({ hasText: 'não pôde ser lido como CSV' }).waitFor();
    expect(await page.getByTestId('import-rows-found').textContent()).toBe('—');
    expect(await page.getByRole('button', { name: 'Avançar' }).isDisabled()).toBe(true);
    await chooseFile(page, 'clientes.csv', Buffer.from(csv));
    const summary = page.getByTestId('import-file-summary');
    expect(await summary.textContent()).toContain('clientes.csv');
    expect(await page.getByTestId('import-rows-found').textContent()).toBe('3');
    expect(await summary.textContent()).toContain('UTF-8, separado por vírgulas');

    // Columns: the name is guessed from "Nome Completo"; "Correio" is not a known header, so it is mapped by hand.
    await page.getByRole('button', { name: 'Avançar' }).click();
    expect(await page.locator('[aria-current="step"]').textContent()).toContain('Colunas');
    expect(await page.getByLabel('Nome Completo').textContent()).toBe('Nome');
    expect(await page.getByLabel('Pontuação').textContent()).toBe('Pontuação');
    expect(await page.getByLabel('Coluna Extra').textContent()).toBe('Ignorar esta coluna');
    expect(await page.getByLabel('Correio').textContent()).toBe('Ignorar esta coluna');
    await page.getByLabel('Correio').click();
    await page.getByRole('option', { name: 'E-mail' }).click();
    expect(await page.getByLabel('Correio').textContent()).toBe('E-mail');

    // Preview: a dry run; nothing is written yet.
    await page.getByRole('button', { name: 'Avançar' }).click();
    await page.getByTestId('import-sample').waitFor();
    expect(await page.getByTestId('preview-skipped').textContent()).toBe('1');
    await page.getByLabel('Atualizar o contato').check();
    await page.getByTestId('preview-updated').filter({ hasText: '1' }).waitFor();
    expect(await page.getByTestId('preview-created').textContent()).toBe('1');
    expect(await page.getByTestId('preview-rejected').textContent()).toBe('1');
    const sample = await page.getByTestId('import-sample').textContent();
    expect(sample).toContain('Nova Pessoa');
    expect(sample).toContain('Nome Novo');
    expect(sample).not.toContain('Pontuação Alta');
    const refused = await page.getByTestId('import-refused').textContent();
    expect(refused).toContain('Linha 3');
    expect(refused).toContain('Pontuação: deve ser um número inteiro de 0 a 100');
    expect(await findByEmail(page, `${tag}-new@example.com`)).toBeUndefined();
    expect((await findByEmail(page, `${tag}-old@example.com`))?.name).toBe('Nome Antigo');

    await page.getByRole('button', { name: 'Importar 2 linhas' }).click();
    await page.waitForURL(/\/crm\/contacts\/import\/\d+$/);
    await page.getByTestId('result-created').waitFor();
    // The job's result is the import's own: a reload shows it again.
    await page.reload();
    await page.getByTestId('result-created').waitFor();
    expect(await page.getByTestId('result-created').textContent()).toBe('1');
    expect(await page.getByTestId('result-updated').textContent()).toBe('1');
    expect(await page.getByTestId('result-rejected').textContent()).toBe('1');
    expect(await findByEmail(page, `${tag}-new@example.com`)).toMatchObject({
      name: 'Nova Pessoa',
      company: 'Acme',
      score: 10,
    });
    expect(await findByEmail(page, `${tag}-old@example.com`)).toMatchObject({
      name: 'Nome Novo',
      company: 'Beta',
      score: 20,
      status: 'prospect',
    });

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Baixar linhas recusadas (CSV)' }).click(),
    ]);
    // For Excel in Portuguese: a byte-order mark, semicolons, the reasons in Portuguese.
    const file = await downloadedText(download);
    expect(file.startsWith('\uFEFF')).toBe(true);
    const rows = file.trim().split('\n');
    expect(rows[0]).toBe('Linha;Motivo;Nome Completo;Correio;Empresa;Pontuação;Coluna Extra');
    expect(rows.slice(1)).toEqual([
      `3;Pontuação: deve ser um número inteiro de 0 a 100;Pontuação Alta;${tag}-bad@example.com;Gama;500;z`,
    ]);

    await page.getByRole('button', { name: 'Desfazer importação' }).click();
    const dialog = page.getByRole('dialog');
    expect(await dialog.textContent()).toContain('Os 1 contatos criados serão excluídos');
    await dialog.getByRole('button', { name: 'Desfazer importação' }).click();
    await toastLocator(page).filter({ hasText: 'Importação desfeita' }).waitFor();
    await page.getByTestId('import-undone').waitFor();
    expect(await page.getByRole('button', { name: 'Desfazer importação' }).count()).toBe(0);
    expect(await findByEmail(page, `${tag}-new@example.com`)).toBeUndefined();
    expect(await findByEmail(page, `${tag}-old@example.com`)).toMatchObject({ name: 'Nome Antigo', company: 'Antiga' });
    await page.context().close();
  });

  it('gives the new contacts to one person or spreads them among several (the preview says who gets how many); an employee keeps only their own rows of an owner column', async () => {
    const people = [] as {
      page: Page;
      user: { username: string; name: string; initials: string; password: string };
      id: number;
    }[];
    for (const name of ['Olga Dona', 'Otto Dono']) {
      const page = await newPage(browser);
      const user = {
        username: uniqueName('owner'),
        name: `${name} ${uniqueName('')}`,
        initials: 'OD',
        password: PASSWORD,
      };
      await registerUser(page, user);
      people.push({ page, user, id: ((await (await page.request.get('/api/user')).json()) as { id: number }).id });
    }
    const [olga, otto] = people;
    const tag = uniqueName('o').toLowerCase();
    const csv = ['Nome,E-mail', ...[1, 2, 3, 4].map((n) => `Pessoa ${n},${tag}-${n}@example.com`)].join('\n');

    const admin = await newPage(browser);
    await signIn(admin, DEMO.admin, { to: '/crm/contacts/import' });
    await chooseFile(admin, 'equipe.csv', Buffer.from(csv));
    await admin.getByRole('button', { name: 'Avançar' }).click();
    await admin.getByRole('button', { name: 'Avançar' }).click();
    await admin.getByTestId('import-sample').waitFor();
    const shares = admin.getByTestId('import-owner-shares');
    expect(await shares.textContent()).toBe(`${DEMO.admin.name}: 4 contatos`);
    await admin.getByLabel('Uma pessoa').check();
    await admin.locator('#import-owner-person').click();
    await admin.getByRole('option', { name: olga.user.name }).click();
    await shares.filter({ hasText: `${olga.user.name}: 4 contatos` }).waitFor();
    await admin.getByLabel('Distribuir entre pessoas').check();
    expect(await admin.getByRole('button', { name: 'Nada a importar' }).isDisabled()).toBe(true);
    await admin.getByLabel(olga.user.name).click();
    await admin.getByLabel(otto.user.name).click();
    await shares.filter({ hasText: `${otto.user.name}: 2 contatos` }).waitFor();
    expect(await shares.textContent()).toContain(`${olga.user.name}: 2 contatos`);
    await admin.getByRole('button', { name: 'Importar 4 linhas' }).click();
    await admin.waitForURL(/\/crm\/contacts\/import\/\d+$/);
    await admin.getByTestId('result-created').waitFor();
    const ownerOf = async (n: number) =>
      ((await findByEmail(olga.page, `${tag}-${n}@example.com`)) as Contact & { ownerId: number }).ownerId;
    expect([await ownerOf(1), await ownerOf(2), await ownerOf(3), await ownerOf(4)]).toEqual([
      olga.id,
      otto.id,
      olga.id,
      otto.id,
    ]);
    await admin.context().close();

    // The employee: only "me" or a column; the column (guessed from "Responsável") keeps their row and refuses Otto's.
    const page = olga.page;
    const mine = [
      'Nome;E-mail;Responsável',
      `Minha;${tag}-mine@example.com;${olga.user.username}`,
      `Dele;${tag}-his@example.com;${otto.user.username}`,
    ].join('\n');
    await page.goto('/crm/contacts/import');
    await chooseFile(page, 'meus.csv', Buffer.from(mine));
    await page.getByRole('button', { name: 'Avançar' }).click();
    expect(await page.getByLabel('Responsável').textContent()).toBe('Responsável');
    await page.getByRole('button', { name: 'Avançar' }).click();
    await page.getByTestId('import-sample').waitFor();
    expect(await page.getByTestId('import-owner').getByRole('radio').count()).toBe(2);
    expect(await page.getByLabel('Uma coluna do arquivo').isChecked()).toBe(true);
    expect(await page.getByTestId('import-refused').textContent()).toContain(
      'Responsável: você só pode importar contatos para si',
    );
    expect(await page.getByTestId('import-owner-shares').textContent()).toBe(`${olga.user.name}: 1 contato`);
    await page.getByRole('button', { name: 'Importar 1 linha' }).click();
    await page.getByTestId('result-created').waitFor();
    expect(await findByEmail(page, `${tag}-mine@example.com`)).toMatchObject({ ownerId: olga.id });
    expect(await findByEmail(page, `${tag}-his@example.com`)).toBeUndefined();
    for (const person of people) await person.page.context().close();
  });

  it('downloads "CSV para Excel" as Excel in Portuguese reads it: BOM, semicolons, labels and dates as on screen', async () => {
    const { page } = await newEmployee('impxls');
    const tag = uniqueName('x').toLowerCase();
    const made = await page.request.post('/api/crm/contacts', {
      data: { name: 'Cliente Exportada', email: `${tag}@example.com`, status: 'customer', source: tag },
      headers: { origin: baseUrl() },
    });
    expect(made.status()).toBe(201);
    await page.goto(`/crm/contacts?source=${tag}`);
    await page.getByRole('button', { name: 'Exportar' }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: /CSV para Excel/ }).click(),
    ]);
    expect(download.url()).toMatch(/format=excel&.*tz=/);
    const text = await downloadedText(download);
    expect(text.startsWith('\uFEFFID;Nome;E-mail;')).toBe(true);
    const row = text.split('\n').find((line) => line.includes(`${tag}@example.com`))!;
    expect(row).toContain(';Cliente;');
    expect(row).toMatch(/;\d{2}\/\d{2}\/\d{4} \d{2}:\d{2};\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}\r?$/);
    await page.context().close();
  });

  it('refuses to undo an import whose contacts were changed since, and says why', async () => {
    const { page } = await newEmployee('impchg');
    const tag = uniqueName('c').toLowerCase();
    const started = await page.request.post('/api/crm/contacts/import', {
      headers: { origin: baseUrl() },
      multipart: {
        file: {
          name: 'um.csv',
          mimeType: 'text/csv',
          buffer: Buffer.from(`Nome,E-mail\nMudada Depois,${tag}@example.com\n`),
        },
        mapping: JSON.stringify({ Nome: 'name', 'E-mail': 'email' }),
        mode: 'skip',
      },
    });
    expect(started.status()).toBe(202);
    const { id } = (await started.json()) as { id: number };
    await page.goto(`/crm/contacts/import/${id}`);
    await page.getByTestId('result-created').waitFor();
    const contact = (await findByEmail(page, `${tag}@example.com`))!;
    const current = (await (await page.request.get(`/api/crm/contacts/${contact.id}`)).json()) as { updatedAt: string };
    expect(
      (
        await page.request.patch(`/api/crm/contacts/${contact.id}`, {
          data: { position: 'Outra', updatedAt: current.updatedAt },
          headers: { origin: baseUrl() },
        })
      ).status(),
    ).toBe(200);

    await page.getByRole('button', { name: 'Desfazer importação' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Desfazer importação' }).click();
    await page
      .getByRole('dialog')
      .getByRole('alert')
      .filter({ hasText: 'foram alterados depois da importação' })
      .waitFor();
    expect(await findByEmail(page, `${tag}@example.com`)).toBeDefined();
    await page.context().close();
  });

  it('reads a Windows-1252 file with semicolons and Portuguese headers; each step looks right in each language, theme and width (screenshots, axe)', async () => {
    const user = { username: uniqueName('implook'), name: 'Lívia Layout', initials: 'LL', password: PASSWORD };
    const setup = await newPage(browser);
    await registerUser(setup, user);
    const tag = uniqueName('l').toLowerCase();
    const file = windows1252(
      [
        'Nome;E-mail;Telefone;Empresa;Cargo;Status;Pontuação;Tags;Observações',
        `João Ação;${tag}-1@example.com;(11) 98765-4321;Açúcar & Cia;Diretora comercial;customer;85;vip,sp;Conheceu na feira`,
        `Márcia Gonçalves;${tag}-2@example.com;+55 21 3333-4444;Pão de Queijo Ltda;Compras;prospect;60;rj;`,
        `;${tag}-3@example.com;;Sem Nome SA;;lead;10;;`,
        `Pedro Sá;não-é-email;;Sá & Filhos;;lead;5;;`,
        `Luís Araújo;${tag}-5@example.com;;Araújo Transportes;Gerente;lead;40;logística;`,
      ].join('\r\n') + '\r\n',
    );
    const started = await setup.request.post('/api/crm/contacts/import', {
      headers: { origin: baseUrl() },
      multipart: {
        file: { name: 'contatos-excel.csv', mimeType: 'text/csv', buffer: file },
        mapping: JSON.stringify({ Nome: 'name', 'E-mail': 'email', Empresa: 'company', Pontuação: 'score' }),
        mode: 'skip',
      },
    });
    expect(started.status()).toBe(202);
    const { id: doneId } = (await started.json()) as { id: number };
    const storageState = await setup.context().storageState();
    await setup.context().close();

    const text = {
      pt: { next: 'Avançar', read: 'Windows-1252, separado por ponto e vírgula', score: 'Pontuação' },
      en: { next: 'Next', read: 'Windows-1252, separated by semicolons', score: 'Score' },
    };
    let looks = 0;
    // The wizard opens once per width; each language and theme is chosen in it, and each step is reached in the app.
    await inEveryLook(
      browser,
      { baseURL: baseUrl(), storageState },
      async (page) => {
        await page.goto('/crm/contacts/import');
      },
      async (page, { language, theme, width }) => {
        const shot = async (step: string) => {
          const name = `contacts-import-${step}-${language}-${theme}-${width}`;
          await settled(page);
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          expect(overflow, `${name} overflows horizontally`).toBeLessThanOrEqual(0);
          await screenshot(page, name);
          if (axeAt(width, theme, language)) await expectAccessible(page, name);
        };
        await visit(page, '/crm/contacts/import');
        await page.getByTestId('import-drop-zone').waitFor();
        await chooseFile(page, 'contatos-excel.csv', file);
        expect(await page.getByTestId('import-rows-found').textContent()).toBe('5');
        expect(await page.getByTestId('import-file-summary').textContent()).toContain(text[language].read);
        await shot('file');

        await page.getByRole('button', { name: text[language].next }).click();
        expect(await page.getByLabel('Pontuação').textContent()).toBe(text[language].score);
        await shot('mapping');

        await page.getByRole('button', { name: text[language].next }).click();
        await page.getByTestId('import-sample').waitFor();
        // The accents survive the Windows-1252 file; the duplicates of the finished import are skipped.
        expect(await page.getByTestId('import-sample').textContent()).toContain('Açúcar & Cia');
        expect(await page.getByTestId('preview-rejected').textContent()).toBe('2');
        expect(await page.getByTestId('preview-skipped').textContent()).toBe('3');
        await shot('preview');

        // The running state, held still for the picture: the import's reads answer a job part-way through.
        // An import of its own for each look: the app keeps the last one's figures, and a pace needs them growing.
        const running = 900_000 + looks++;
        let polls = 0;
        await page.route(`**/api/crm/contact-imports/${running}`, (route) =>
          route.fulfill({
            json: {
              id: running,
              createdBy: null,
              fileName: 'contatos-excel.csv',
              mapping: { Nome: 'name' },
              mode: 'skip',
              status: 'running',
              totalRows: 100_000,
              rowsDone: Math.min(90_000, 20_000 + 7_000 * polls++),
              counts: { created: 0, updated: 0, skipped: 0, rejected: 0 },
              error: null,
              createdAt: new Date().toISOString(),
              finishedAt: null,
              undoneAt: null,
              undoneBy: null,
              rejectedCsv: null,
            },
          }),
        );
        await visit(page, `/crm/contacts/import/${running}`);
        await page.getByText(language === 'pt' ? /linhas\/s · faltam/ : /rows\/s · .* left/).waitFor();
        await shot('progress');
        await page.unroute(`**/api/crm/contact-imports/${running}`);

        await visit(page, `/crm/contacts/import/${doneId}`);
        await page.getByTestId('result-created').waitFor();
        expect(await page.getByTestId('result-created').textContent()).toBe('3');
        await shot('result');
      },
    );
  });

  it(
    'imports 100,000 rows through the wizard, with a progress bar that survives a reload and leaving the page',
    { timeout: 600_000 },
    async () => {
      const { page } = await newEmployee('impbig');
      const tag = uniqueName('b').toLowerCase();
      const lines = ['Nome;E-mail;Empresa;Pontuação'];
      for (let i = 1; i <= 100_000; i++)
        lines.push(
          i === 50_000
            ? `Sem Email;nao-e-email;X;1`
            : `Pessoa ${i};${tag}-${i}@example.com;Empresa ${i % 100};${i % 101}`,
        );
      await page.goto('/crm/contacts/import');
      await fileInput(page).setInputFiles({
        name: 'cem-mil.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(lines.join('\n')),
      });
      await page.getByTestId('import-rows-found').filter({ hasText: '100.000' }).waitFor({ timeout: 120_000 });
      await page.getByRole('button', { name: 'Avançar' }).click();
      await page.getByRole('button', { name: 'Avançar' }).click();
      await page.getByTestId('import-sample').waitFor({ timeout: 120_000 });
      expect(await page.getByTestId('preview-created').textContent()).toBe('99.999');
      expect(await page.getByTestId('preview-rejected').textContent()).toBe('1');
      await page.getByRole('button', { name: 'Importar 99.999 linhas' }).click();
      // The 7 MB file goes up before the progress page opens: on a loaded machine that takes more than 30 s.
      await page.waitForURL(/\/crm\/contacts\/import\/\d+$/, { timeout: 120_000 });
      const progressUrl = page.url();

      // Part-way: rows done of the total, then the pace once measured.
      const bar = page.getByRole('progressbar');
      const partWay = async () => {
        await page.waitForFunction(
          () => {
            const now = Number(document.querySelector('[role="progressbar"]')?.getAttribute('aria-valuenow'));
            return now > 0 && now < 100_000;
          },
          undefined,
          { timeout: 120_000 },
        );
        return Number(await bar.getAttribute('aria-valuenow'));
      };
      const first = await partWay();
      expect(await bar.getAttribute('aria-valuemax')).toBe('100000');
      await page.getByText(/linhas\/s · faltam/).waitFor({ timeout: 60_000 });
      expect(await page.getByTestId('import-rows-done').textContent()).toMatch(/^[\d.]+ de 100\.000 linhas$/);

      // A reload, then leaving for the contacts and coming back through the wizard's notice: the bar is still there, further on.
      await page.reload();
      expect(await partWay()).toBeGreaterThanOrEqual(first);
      await page.goto('/crm/contacts');
      await page.goto('/crm/contacts/import');
      await page.getByRole('link', { name: 'Ver o progresso' }).click();
      await page.waitForURL(progressUrl);
      await bar.waitFor();

      await page.getByTestId('result-created').waitFor({ timeout: 400_000 });
      expect(await page.getByTestId('result-created').textContent()).toBe('99.999');
      expect(await page.getByTestId('result-rejected').textContent()).toBe('1');
      expect(await findByEmail(page, `${tag}-99999@example.com`)).toMatchObject({
        name: 'Pessoa 99999',
        company: 'Empresa 99',
        score: 9,
      });
      await page.context().close();
    },
  );
});
