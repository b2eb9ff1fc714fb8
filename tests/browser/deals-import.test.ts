import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectAccessible,
  launchBrowser,
  newPage,
  registerUser,
  screenshot,
  settled,
  signIn,
  uniqueName,
  type Language,
} from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** RD Station CRM's negociações sample, each title marked with `tag` (the board is searched by it). */
function rdStationSample(tag: string): Buffer {
  const text = readFileSync(new URL('../fixtures/crm-exports/rdstation-negociacoes.csv', import.meta.url), 'utf8');
  const lines = text.trimEnd().split('\n');
  return Buffer.from(
    [lines[0], ...lines.slice(1).map((line) => line.replace(/^([^;]+);/, `$1 ${tag};`))].join('\n'),
    'utf8',
  );
}

const TEXTS = {
  pt: { open: 'Importar negócios', next: 'Avançar', start: 'Importar', see: 'Ver o funil', option: 'Negociação' },
  en: { open: 'Import deals', next: 'Next', start: 'Import', see: 'See the board', option: 'Negotiation' },
};

/** Opens the dialog on the board searched by `tag`, and gives it the sample. */
async function openWithSample(page: Page, language: Language, tag: string) {
  await page.goto(`/crm/pipeline?q=${encodeURIComponent(tag)}`);
  await page.getByRole('button', { name: TEXTS[language].open }).click();
  const dialog = page.getByRole('dialog');
  await dialog.locator('input[type="file"]').setInputFiles({
    name: 'negociacoes.csv',
    mimeType: 'text/csv',
    buffer: rdStationSample(tag),
  });
  await dialog.getByTestId('import-rows-found').filter({ hasText: '6' }).waitFor();
  return dialog;
}

describe('deals import', () => {
  it('imports an RD Station CRM export: preset recognised, the unknown stage chosen, the deals on the board', async () => {
    const page = await newPage(browser, { language: 'pt' });
    await registerUser(page, {
      username: uniqueName('dimp'),
      name: 'Diana Importa',
      initials: 'DI',
      password: 'a-good-password',
    });
    const tag = uniqueName('di').toLowerCase();
    const dialog = await openWithSample(page, 'pt', tag);
    await dialog.getByRole('button', { name: 'Avançar' }).click();
    expect(await dialog.getByText(/Reconhecemos uma exportação de negócios do RD Station CRM/).count()).toBe(1);
    expect(await dialog.getByLabel('Etapa', { exact: true }).textContent()).toBe('Etapa');
    expect(await dialog.getByTestId('deal-import-will-create').textContent()).toBe('6');
    expect(await dialog.getByTestId('deal-import-will-rejected').textContent()).toBe('0');
    const rows = dialog.getByTestId('deal-import-rows').locator('li');
    expect(await rows.nth(0).textContent()).toMatch(/R\$\s1\.200,00/);
    expect(await rows.nth(3).textContent()).toContain('etapa “Aguardando jurídico” a escolher');

    await dialog.getByRole('button', { name: 'Avançar' }).click();
    const stages = dialog.getByTestId('deal-import-stages');
    await stages.waitFor();
    expect(await dialog.getByLabel('Sem contato (1 linha)').textContent()).toBe('Prospecção');
    expect(await stages.textContent()).toContain('Etapa padrão do outro CRM com o mesmo sentido.');
    // Unmapped: importing is refused here, before anything is sent.
    await dialog.getByRole('button', { name: 'Importar', exact: true }).click();
    await dialog.getByText('Escolha a etapa do funil para esta.').waitFor();
    await screenshot(page, 'deals-import-stages-unmapped-pt');
    await dialog.getByLabel('Aguardando jurídico (1 linha)').click();
    await page.getByRole('option', { name: 'Negociação' }).click();
    await dialog.getByRole('button', { name: 'Importar', exact: true }).click();

    await dialog.getByTestId('deal-import-result').waitFor();
    expect(await dialog.getByTestId('deal-import-did-created').textContent()).toBe('6');
    await dialog.getByRole('button', { name: 'Ver o funil' }).click();
    await dialog.waitFor({ state: 'detached' });
    // The board searched by the tag, refreshed without a reload: each deal in its column.
    await page.getByText(`Treinamento NR - Hospital Santa Luz ${tag}`).waitFor();
    for (const title of [
      'Plano anual - Academia Forma',
      'Licença CRM - Escritório Lemos',
      'Auditoria - Cooperativa Campo',
    ])
      await page.getByText(`${title} ${tag}`).waitFor();
    expect(await page.getByTestId('total-count').textContent()).toBe('6');
    await page.close();
  });

  it('looks right in pt and en, at 1280 and 390 px: each step (screenshots, axe)', async () => {
    const user = { username: uniqueName('dilook'), name: 'Davi Layout', initials: 'DL', password: 'a-good-password' };
    const setup = await newPage(browser);
    await registerUser(setup, user);
    await setup.context().close();
    for (const language of ['pt', 'en'] as Language[]) {
      for (const width of [1280, 390]) {
        const page = await newPage(browser, { language, width });
        await signIn(page, user);
        const tag = uniqueName('dl').toLowerCase();
        const shot = async (step: string) => {
          const name = `deals-import-${step}-${language}-${width}`;
          await settled(page);
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          expect(overflow, `${name} overflows horizontally`).toBeLessThanOrEqual(0);
          await screenshot(page, name);
          if (width === 1280 || language === 'pt') await expectAccessible(page, name);
        };
        const dialog = await openWithSample(page, language, tag);
        await shot('file');
        await dialog.getByRole('button', { name: TEXTS[language].next }).click();
        await dialog.getByTestId('deal-import-rows').waitFor();
        await shot('preview');
        await dialog.getByRole('button', { name: TEXTS[language].next }).click();
        await dialog.getByTestId('deal-import-stages').waitFor();
        await shot('stages');
        await dialog.getByLabel(/Aguardando jurídico/).click();
        await page.getByRole('option', { name: TEXTS[language].option }).click();
        await dialog.getByRole('button', { name: TEXTS[language].start, exact: true }).click();
        await dialog.getByTestId('deal-import-result').waitFor();
        await shot('result');
        await page.close();
      }
    }
  });
});
