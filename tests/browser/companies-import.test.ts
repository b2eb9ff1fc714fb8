import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cnpjCheckDigits, formatCnpj } from '../../src/domain/companies/cnpj';
import {
  axeAt,
  baseUrl,
  expectAccessible,
  launchBrowser,
  newPage,
  registerUser,
  screenshot,
  settled,
  signIn,
  uniqueName,
  type Language,
  type Theme,
} from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const fileInput = (page: Page) => page.locator('input[type="file"]');

async function createCompany(page: Page, data: Record<string, unknown>): Promise<{ id: number }> {
  const res = await page.request.post('/api/crm/companies', { data, headers: { origin: baseUrl() } });
  expect(res.status()).toBe(201);
  return (await res.json()) as { id: number };
}

describe('companies import wizard', () => {
  it('imports an Excel pt-BR file: the preview counts and how each row matched, then the result and the companies in the list', async () => {
    const page = await newPage(browser);
    await registerUser(page, {
      username: uniqueName('cimp'),
      name: 'Carla Importa',
      initials: 'CI',
      password: 'a-good-password',
    });
    const tag = uniqueName('ci').toLowerCase();
    // A CNPJ no other test uses: this moment's digits and their check digits.
    const first12 = `${String(Date.now()).slice(-10)}01`;
    const cnpj = first12 + cnpjCheckDigits(first12);
    const byCnpj = await createCompany(page, { name: `Alfa ${tag}`, cnpj: formatCnpj(cnpj), city: 'Antes' });
    const byDomain = await createCompany(page, { name: `Beta ${tag}`, emailDomain: `${tag}.example` });
    // As Excel in Portuguese saves it: Windows-1252, semicolons, Portuguese headers and labels.
    const csv = [
      'Nome;CNPJ;Site;Porte;Cidade;UF',
      `Alfa Renomeada ${tag};${cnpj};;Média;Brasília;DF`,
      `Beta pelo site ${tag};;https://www.${tag}.example/contato;;;`,
      `Gama Nova ${tag};;;Pequena;São Paulo;SP`,
      `Delta Ruim ${tag};;;;Recife;XX`,
    ].join('\r\n');

    await page.goto('/crm/companies');
    await page.getByRole('link', { name: 'Importar', exact: true }).click();
    await page.waitForURL('**/crm/companies/import');
    await fileInput(page).setInputFiles({
      name: 'empresas.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv, 'latin1'),
    });
    await page.getByTestId('import-rows-found').filter({ hasText: '4' }).waitFor();
    expect(await page.getByTestId('import-file-summary').textContent()).toContain(
      'Windows-1252, separado por ponto e vírgula',
    );

    await page.getByRole('button', { name: 'Avançar' }).click();
    expect(await page.getByLabel('Nome', { exact: true }).textContent()).toBe('Nome');
    expect(await page.getByLabel('Site', { exact: true }).textContent()).toBe('Site');
    const order = await page.getByTestId('company-match-order').textContent();
    expect(order).toContain('Pelo CNPJ');
    expect(order).toContain('domínio de e-mail');
    expect(order).toContain('pelo nome');

    await page.getByRole('button', { name: 'Avançar' }).click();
    await page.getByTestId('company-import-rows').waitFor();
    expect(await page.getByTestId('preview-create').textContent()).toBe('1');
    expect(await page.getByTestId('preview-update').textContent()).toBe('2');
    expect(await page.getByTestId('preview-skip').textContent()).toBe('0');
    expect(await page.getByTestId('preview-rejected').textContent()).toBe('1');
    const rows = page.getByTestId('company-import-rows').locator('tbody tr');
    expect(await rows.nth(0).textContent()).toContain(`Alfa ${tag}, pelo CNPJ`);
    expect(await rows.nth(1).textContent()).toContain(`Beta ${tag}, pelo domínio de e-mail`);
    expect(await rows.nth(2).textContent()).toContain('Nenhuma: empresa nova');
    expect(await rows.nth(3).textContent()).toContain('UF: valor não aceito; os aceitos são AC, AL, AP');
    // A dry run: nothing changed yet.
    const before = await page.request.get(`/api/crm/companies/${byCnpj.id}`);
    expect(((await before.json()) as { city: string }).city).toBe('Antes');

    await page.getByRole('button', { name: 'Importar 3 empresas' }).click();
    await page.getByTestId('company-import-result').waitFor();
    expect(await page.getByTestId('result-create').textContent()).toBe('1');
    expect(await page.getByTestId('result-update').textContent()).toBe('2');
    expect(await page.getByTestId('result-rejected').textContent()).toBe('1');
    expect(await page.getByTestId('company-import-refused').textContent()).toContain('Linha 4');

    await page.getByRole('link', { name: 'Ver empresas' }).click();
    await page.waitForURL('**/crm/companies');
    await page.goto(`/crm/companies?search=${encodeURIComponent(tag)}`);
    await settled(page);
    await page.getByText(`Gama Nova ${tag}`).waitFor();
    await page.getByText(`Alfa Renomeada ${tag}`).waitFor();
    await page.getByText(`Beta pelo site ${tag}`).waitFor();
    expect(await page.getByText(`Delta Ruim ${tag}`).count()).toBe(0);
    const beta = (await (await page.request.get(`/api/crm/companies/${byDomain.id}`)).json()) as { name: string };
    expect(beta.name).toBe(`Beta pelo site ${tag}`);
    await page.close();
  });

  it('each step looks right in each language, theme and width: file, mapping and preview (screenshots, axe)', async () => {
    const user = { username: uniqueName('cilook'), name: 'Caio Layout', initials: 'CL', password: 'a-good-password' };
    const setup = await newPage(browser);
    await registerUser(setup, user);
    const tag = uniqueName('cl').toLowerCase();
    await createCompany(setup, { name: `Ômega Engenharia ${tag}`, emailDomain: `${tag}.example` });
    await setup.context().close();
    const file = Buffer.from(
      [
        'Nome;CNPJ;Site;Porte;Cidade;UF',
        `Ômega pelo site ${tag};;https://${tag}.example;Grande;Belo Horizonte;MG`,
        `Construções Paraná ${tag};;;Micro;Curitiba;PR`,
        `Sem UF ${tag};;;;Natal;ZZ`,
      ].join('\r\n'),
      'latin1',
    );
    const next = { pt: 'Avançar', en: 'Next' };
    for (const language of ['pt', 'en'] as Language[]) {
      for (const width of [1280, 390]) {
        const page = await newPage(browser, { language, width });
        await signIn(page, user);
        for (const theme of ['light', 'dark', 'matrix'] as Theme[]) {
          await page.evaluate((value) => localStorage.setItem('theme', value), theme);
          const shot = async (step: string) => {
            const name = `companies-import-${step}-${language}-${theme}-${width}`;
            await settled(page);
            const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
            expect(overflow, `${name} overflows horizontally`).toBeLessThanOrEqual(0);
            await screenshot(page, name);
            if (axeAt(width, theme, language)) await expectAccessible(page, name);
          };
          await page.goto('/crm/companies/import');
          await fileInput(page).setInputFiles({ name: 'empresas.csv', mimeType: 'text/csv', buffer: file });
          await page.getByTestId('import-rows-found').filter({ hasText: '3' }).waitFor();
          await shot('file');
          await page.getByRole('button', { name: next[language] }).click();
          await page.getByTestId('company-match-order').waitFor();
          await shot('mapping');
          await page.getByRole('button', { name: next[language] }).click();
          await page.getByTestId('company-import-rows').waitFor();
          expect(await page.getByTestId('preview-update').textContent()).toBe('1');
          expect(await page.getByTestId('preview-rejected').textContent()).toBe('1');
          await shot('preview');
        }
        await page.context().close();
      }
    }
  }, 240_000);
});
