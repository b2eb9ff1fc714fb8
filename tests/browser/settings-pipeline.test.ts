import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Knex } from '../../src/infrastructure/db/database';
import {
  DEMO,
  expectAccessible,
  launchBrowser,
  inEveryLook,
  newContext,
  screenshot,
  signIn,
  toastLocator,
  type Look,
} from './support/browser';
import { startSeededServer, type RunningServer } from './support/server';

// Its own server: this file renames, reorders and deletes the default pipeline's stages, which every other
// test file on the shared server relies on.
let browser: Browser;
let server: RunningServer;
let admin: Page;

const DEALS = [
  { title: 'Negócio Alfa', stage: 'negotiation' },
  { title: 'Negócio Beta', stage: 'negotiation' },
  { title: 'Negócio Gama', stage: 'proposal' },
  { title: 'Negócio Delta', stage: 'lost', lost_reason: 'price' },
  { title: 'Negócio Épsilon', stage: 'qualification' },
];

async function seed(knex: Knex): Promise<void> {
  const [{ id }] = await knex('users').where({ username: DEMO.admin.username }).select('id');
  await knex('deals').insert(
    DEALS.map((d, i) => ({
      value: '1000.00',
      pipeline: 'default',
      probability: 40,
      owner_id: id,
      created_by: id,
      position: i + 1,
      closed_at: d.stage === 'lost' ? new Date() : null,
      ...d,
    })),
  );
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startSeededServer('settings-pipeline', seed), launchBrowser()]);
  admin = await (await newContext(browser, { baseURL: server.baseUrl })).newPage();
  await signIn(admin, DEMO.admin);
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

type Stage = { id: number; stage: string; color: string; probability: number; staleDays: number };
type Deal = { id: number; title: string; stage: string; lostReason: string | null };
const origin = () => ({ origin: server.baseUrl });
const apiStages = async (page: Page): Promise<Stage[]> =>
  (await (await page.request.get('/api/crm/pipeline-stages/default')).json()).items;
const stageNames = async (page: Page) => (await apiStages(page)).map((s) => s.stage);
const deal = async (page: Page, title: string): Promise<Deal> =>
  (await (await page.request.get(`/api/crm/deals?search=${encodeURIComponent(title)}`)).json()).items.find(
    (d: Deal) => d.title === title,
  );
const dialog = (page: Page) => page.getByRole('dialog');
const rows = (page: Page, list: string) => page.getByTestId(`${list}-row`);
const shownNames = (page: Page, list: string, testId: string) => rows(page, list).getByTestId(testId).allTextContents();
const putOrder = (page: Page, path: string) =>
  page.waitForResponse((res) => res.url().endsWith(path) && res.request().method() === 'PUT' && res.status() === 200);

/** A mouse drag the way a person does it: press the handle, move past the library's threshold in steps, release below the target. */
async function dragBelow(page: Page, handle: Locator, target: Locator): Promise<void> {
  const from = (await handle.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 + 10, { steps: 5 });
  await page.mouse.move(from.x + from.width / 2, to.y + to.height * 0.8, { steps: 20 });
  await page.mouse.up();
}

async function openTab(page: Page, tab: 'stages' | 'lostReasons'): Promise<void> {
  await page.goto(`/settings?tab=${tab}`);
  await rows(page, tab === 'stages' ? 'stages' : 'lost-reasons')
    .first()
    .waitFor();
}

describe('pipeline stage settings', () => {
  it('renames, recolours, reorders (buttons, keyboard drag, mouse drag) and deletes a stage after moving its deals; the board follows', async () => {
    await openTab(admin, 'stages');
    expect(await shownNames(admin, 'stages', 'stage-name')).toEqual([
      'Prospecção',
      'Qualificação',
      'Proposta',
      'Negociação',
      'Ganho',
      'Perdido',
    ]);
    const proposal = rows(admin, 'stages').filter({ hasText: 'Proposta' });
    expect(await proposal.getByTestId('stage-deals').textContent()).toBe('1 negócio');

    // Rename, recolour (a preset), probability and stale days in the edit dialog.
    await admin.getByRole('button', { name: 'Editar Proposta' }).click();
    await admin.locator('#stage-stage').fill('Proposta enviada');
    await dialog(admin).getByRole('button', { name: 'Cor #0D9488' }).click();
    expect(await admin.locator('#stage-color').inputValue()).toBe('#0D9488');
    await admin.locator('#stage-probability').fill('55');
    await admin.locator('#stage-staleDays').fill('0');
    await dialog(admin).getByRole('button', { name: 'Salvar' }).click();
    await admin.getByText('Informe um número inteiro de 1 a 365.').waitFor();
    await admin.locator('#stage-staleDays').fill('7');
    await dialog(admin).getByRole('button', { name: 'Salvar' }).click();
    await toastLocator(admin).getByText('Etapa salva').waitFor();
    await rows(admin, 'stages').getByText('Proposta enviada', { exact: true }).waitFor();
    expect((await apiStages(admin)).find((s) => s.stage === 'Proposta enviada')).toMatchObject({
      color: '#0D9488',
      probability: 55,
      staleDays: 7,
    });
    expect((await deal(admin, 'Negócio Gama')).stage).toBe('Proposta enviada');

    // Keyboard, with the buttons: focus stays on the button pressed.
    const moved = putOrder(admin, '/pipeline-stages/default/order');
    await admin.getByRole('button', { name: 'Mover Negociação para cima' }).click();
    await moved;
    expect(await stageNames(admin)).toEqual([
      'prospecting',
      'qualification',
      'negotiation',
      'Proposta enviada',
      'won',
      'lost',
    ]);
    expect(await admin.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      'Mover Negociação para cima',
    );

    // Keyboard, with the drag library: space, arrow, space on the handle.
    const dropped = putOrder(admin, '/pipeline-stages/default/order');
    await admin.getByRole('button', { name: 'Reordenar Prospecção' }).focus();
    await admin.keyboard.press('Space');
    await admin.getByText('Prospecção pego, na posição 1 de 6.').waitFor({ state: 'attached' });
    await admin.keyboard.press('ArrowDown');
    await admin.getByText('Posição 2 de 6.').waitFor({ state: 'attached' });
    await admin.keyboard.press('Space');
    await dropped;
    expect(await stageNames(admin)).toEqual([
      'qualification',
      'prospecting',
      'negotiation',
      'Proposta enviada',
      'won',
      'lost',
    ]);

    // The mouse: Qualificação dragged below Prospecção puts it back.
    const dragged = putOrder(admin, '/pipeline-stages/default/order');
    await dragBelow(admin, admin.getByRole('button', { name: 'Reordenar Qualificação' }), rows(admin, 'stages').nth(1));
    await dragged;
    expect(await stageNames(admin)).toEqual([
      'prospecting',
      'qualification',
      'negotiation',
      'Proposta enviada',
      'won',
      'lost',
    ]);
    expect(await shownNames(admin, 'stages', 'stage-name')).toEqual([
      'Prospecção',
      'Qualificação',
      'Negociação',
      'Proposta enviada',
      'Ganho',
      'Perdido',
    ]);

    // Delete: refused while deals sit there (the server says how many), then done by moving them first.
    const negotiation = (await apiStages(admin)).find((s) => s.stage === 'negotiation')!;
    const refused = await admin.request.delete(`/api/crm/pipeline-stages/default/${negotiation.id}`, {
      headers: origin(),
    });
    expect(refused.status()).toBe(409);
    expect((await refused.json()).error).toMatchObject({ code: 'STAGE.IN_USE', details: { deals: 2 } });
    await admin.getByRole('button', { name: 'Excluir Negociação' }).click();
    await dialog(admin).getByText('2 negócios estão nesta etapa.', { exact: false }).waitFor();
    await dialog(admin).getByLabel('Mover os negócios para').click();
    await admin.getByRole('option', { name: 'Proposta enviada' }).click();
    await dialog(admin).getByRole('button', { name: 'Mover e excluir' }).click();
    await toastLocator(admin).getByText('Etapa Negociação excluída; 2 negócios foram para Proposta enviada').waitFor();
    await expect
      .poll(() => shownNames(admin, 'stages', 'stage-name'))
      .toEqual(['Prospecção', 'Qualificação', 'Proposta enviada', 'Ganho', 'Perdido']);
    expect(
      await rows(admin, 'stages').filter({ hasText: 'Proposta enviada' }).getByTestId('stage-deals').textContent(),
    ).toBe('3 negócios');
    expect((await deal(admin, 'Negócio Alfa')).stage).toBe('Proposta enviada');

    // The board: the renamed column in its place, in its colour, with the moved deals; no Negociação.
    await admin.goto('/crm/pipeline');
    const column = admin.getByTestId('column-Proposta enviada');
    for (const title of ['Negócio Alfa', 'Negócio Beta', 'Negócio Gama'])
      await column.getByRole('button', { name: title, exact: true }).waitFor();
    const columns = await admin
      .locator('[data-testid^="column-"]')
      .evaluateAll((els) => els.map((el) => el.getAttribute('data-testid')));
    expect(
      columns.filter(
        (id) => !['column-cards', 'column-count', 'column-forecast', 'column-value', 'column-closed'].includes(id!),
      ),
    ).toEqual(['column-prospecting', 'column-qualification', 'column-Proposta enviada', 'column-won', 'column-lost']);
    expect(await column.locator('header').evaluate((el) => getComputedStyle(el).borderTopColor)).toBe(
      'rgb(13, 148, 136)',
    );
  });
});

describe('lost reason settings', () => {
  it('adds, renames, reorders and retires reasons, and the board offers them so; deals lost before keep theirs', async () => {
    await openTab(admin, 'lostReasons');
    await admin.getByLabel('Novo motivo').fill('Sem verba este ano');
    await admin.getByRole('button', { name: 'Adicionar' }).click();
    await toastLocator(admin).getByText('Motivo “Sem verba este ano” adicionado').waitFor();
    await expect
      .poll(async () => (await shownNames(admin, 'lost-reasons', 'reason-name')).at(-1))
      .toBe('Sem verba este ano');

    await admin.getByRole('button', { name: 'Renomear Preço alto' }).click();
    await admin.locator('#lost-reason-name').fill('Preço acima do orçamento');
    await dialog(admin).getByRole('button', { name: 'Salvar' }).click();
    await toastLocator(admin).getByText('Motivo renomeado para “Preço acima do orçamento”').waitFor();
    expect(await admin.getByRole('button', { name: 'Renomear Outro' }).isDisabled()).toBe(true);

    // To the top, one place at a time by keyboard.
    const up = admin.getByRole('button', { name: 'Mover Sem verba este ano para cima' });
    for (let i = 0; i < 7; i += 1) {
      // A move being saved holds the next one back (aria-disabled) so the saves cannot cross.
      await expect.poll(() => up.getAttribute('aria-disabled')).toBeNull();
      const saved = putOrder(admin, '/lost-reasons/order');
      await up.press('Enter');
      await saved;
    }
    await expect
      .poll(async () => (await shownNames(admin, 'lost-reasons', 'reason-name'))[0])
      .toBe('Sem verba este ano');

    await admin.getByRole('button', { name: 'Arquivar Escolheu um concorrente' }).click();
    await dialog(admin).getByRole('button', { name: 'Arquivar' }).click();
    await toastLocator(admin).getByText('Motivo “Escolheu um concorrente” arquivado').waitFor();
    await admin.getByTestId('retired-reasons').getByText('Escolheu um concorrente').waitFor();

    // The board's lost dialog: the offered reasons in this order, the retired one gone.
    await admin.goto('/crm/pipeline');
    await admin.getByRole('button', { name: 'Ações de Negócio Épsilon' }).click();
    await admin.getByRole('menuitem', { name: 'Perdido', exact: true }).click();
    const radios = dialog(admin).getByRole('radio');
    await radios.first().waitFor();
    const offered = await dialog(admin)
      .locator('label')
      .filter({ has: admin.getByRole('radio') })
      .allTextContents();
    expect(offered).toEqual([
      'Sem verba este ano',
      'Preço acima do orçamento',
      'Sem orçamento',
      'Sem decisão',
      'Momento inadequado',
      'Parou de responder',
      'Outro',
    ]);
    await dialog(admin).getByRole('radio', { name: 'Sem verba este ano' }).check();
    await dialog(admin).getByRole('button', { name: 'Marcar como perdido' }).click();
    await expect.poll(async () => (await deal(admin, 'Negócio Épsilon')).lostReason).toBe('Sem verba este ano');
    expect((await deal(admin, 'Negócio Delta')).lostReason).toBe('price');
  });
});

describe('who may change them', () => {
  it('an employee cannot reach the settings and the server refuses their stage and reason edits', async () => {
    const page = await (await newContext(browser, { baseURL: server.baseUrl })).newPage();
    await signIn(page, DEMO.employee, { to: '/settings?tab=stages' });
    await page.getByRole('heading', { name: 'Sem acesso' }).waitFor();
    expect(await page.getByRole('tab').count()).toBe(0);
    const [first] = await apiStages(page);
    expect(
      (
        await page.request.patch(`/api/crm/pipeline-stages/default/${first!.id}`, {
          data: { stage: 'Minha' },
          headers: origin(),
        })
      ).status(),
    ).toBe(403);
    expect(
      (await page.request.delete(`/api/crm/pipeline-stages/default/${first!.id}`, { headers: origin() })).status(),
    ).toBe(403);
    expect(
      (await page.request.post('/api/crm/lost-reasons', { data: { label: 'Meu' }, headers: origin() })).status(),
    ).toBe(403);
    expect((await apiStages(page))[0]).toEqual(first);
    await page.context().close();
  });
});

describe('screens', () => {
  it('both tabs and the delete dialog, in pt/en, three themes, 1280/390, axe clean', async () => {
    const storage = await admin.context().storageState();
    await inEveryLook(
      browser,
      { baseURL: server.baseUrl, storageState: storage },
      (page) => openTab(page, 'stages'),
      lookAt,
    );
  });

  async function lookAt(page: Page, { language, theme, width }: Look) {
    const name = `${language}-${theme}-${width}`;
    const checkAxe =
      (language === 'pt' && theme === 'light' && width === 1280) ||
      (language === 'en' && theme === 'matrix' && width === 390);

    // Back on the stages tab: the look before ended on the lost reasons.
    await page.getByRole('tab', { name: language === 'pt' ? 'Funis e etapas' : 'Pipelines & stages' }).click();
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await rows(page, 'stages').getByTestId('stage-deals').filter({ hasText: /\d/ }).first().waitFor();
    // The tab's content never scrolls sideways (the top bar is the layout's).
    expect(
      await page.evaluate(
        () => document.querySelector('main')!.scrollWidth - document.querySelector('main')!.clientWidth,
      ),
    ).toBe(0);
    await screenshot(page, `settings-stages-${name}`);
    if (checkAxe) await expectAccessible(page, `stages ${name}`);

    await page
      .getByRole('button', { name: language === 'pt' ? 'Excluir Proposta enviada' : 'Delete Proposta enviada' })
      .click();
    await dialog(page).getByRole('combobox').waitFor();
    await screenshot(page, `settings-stage-delete-${name}`);
    if (checkAxe) await expectAccessible(page, `stage delete ${name}`);
    await page.keyboard.press('Escape');
    await dialog(page).waitFor({ state: 'detached' });
    if (checkAxe) {
      await page.getByRole('button', { name: language === 'pt' ? 'Editar Ganho' : 'Edit Won' }).click();
      await page.locator('#stage-color').waitFor();
      await screenshot(page, `settings-stage-edit-${name}`);
      await expectAccessible(page, `stage edit ${name}`);
      await page.keyboard.press('Escape');
      await dialog(page).waitFor({ state: 'detached' });
    }

    await page.getByRole('tab', { name: language === 'pt' ? 'Motivos de perda' : 'Lost reasons' }).click();
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.getByTestId('retired-reasons').waitFor();
    await screenshot(page, `settings-lost-reasons-${name}`);
    if (checkAxe) await expectAccessible(page, `lost reasons ${name}`);
  }
});
