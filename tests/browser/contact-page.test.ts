import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chooseTheme,
  axeAt,
  baseUrl,
  DEMO,
  expectAccessible,
  launchBrowser,
  newPage,
  registerUser,
  screenshot,
  signIn,
  toastLocator,
  uniqueName,
  type Language,
  type Theme,
  settled,
} from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Data is made through the API (as the page's signed-in user), not by clicking. */
async function post<T = any>(page: Page, path: string, data: object): Promise<T> {
  const res = await page.request.post(path, { data, headers: { origin: baseUrl() } });
  expect(res.status(), `${path}: ${await res.text()}`).toBe(201);
  return (await res.json()) as T;
}

async function patch(page: Page, path: string, data: object): Promise<void> {
  const res = await page.request.patch(path, { data, headers: { origin: baseUrl() } });
  expect(res.status(), `${path}: ${await res.text()}`).toBe(200);
}

const DAY = 24 * 60 * 60 * 1000;

/** A contact with two deals, three activities (one overdue, one completed), a change of status and score, and a bulk edit of its tags. */
async function contactWithHistory(page: Page, name: string) {
  const company = await post(page, '/api/crm/companies', { name: 'Lima & Filhos' });
  const contact = await post(page, '/api/crm/contacts', {
    name,
    email: 'bruna.lima@example.com',
    phone: '(11) 98765-4321',
    companyId: company.id,
    position: 'Diretora comercial',
    source: 'Feira 2026',
    status: 'lead',
    score: 40,
    tags: ['vip', 'sp', 'evento'],
    notes: 'Prefere contato pela manhã.',
  });
  await post(page, '/api/crm/deals', {
    title: 'Licenças anuais',
    value: '12500.50',
    stage: 'proposal',
    probability: 50,
    expectedCloseDate: '2026-12-15',
    contactId: contact.id,
  });
  await post(page, '/api/crm/deals', { title: 'Consultoria de implantação', value: '3000', contactId: contact.id });
  const now = Date.now();
  await post(page, '/api/crm/activities', {
    type: 'task',
    subject: 'Enviar proposta revisada',
    dueDate: new Date(now + 3 * DAY).toISOString(),
    priority: 'high',
    duration: 30,
    contactId: contact.id,
  });
  await post(page, '/api/crm/activities', {
    type: 'call',
    subject: 'Ligar de volta',
    dueDate: new Date(now - 2 * DAY).toISOString(),
    priority: 'urgent',
    contactId: contact.id,
  });
  await post(page, '/api/crm/activities', {
    type: 'meeting',
    subject: 'Reunião inicial',
    dueDate: new Date(now - 7 * DAY).toISOString(),
    status: 'completed',
    duration: 60,
    contactId: contact.id,
  });
  await patch(page, `/api/crm/contacts/${contact.id}`, { status: 'prospect', score: 60 });
  const bulk = await page.request.post('/api/crm/contacts/bulk', {
    data: { ids: [contact.id], action: 'update', addTags: ['2026'] },
    headers: { origin: baseUrl() },
  });
  expect(bulk.status()).toBe(200);
  return contact as { id: number; name: string };
}

const deals = (page: Page) => page.getByTestId('deal-item');
/** Intl writes R$ with a no-break space. */
const texts = async (locator: ReturnType<Page['locator']>) =>
  (await locator.allTextContents()).map((text) => text.replace(/\u00a0/g, ' '));
const activities = (page: Page) => page.getByTestId('activity-item');
const dialog = (page: Page) => page.getByRole('dialog');

describe('contact page', () => {
  it('shows the deals, the activities (pending first, overdue marked) and the history; quick actions add a deal and an activity', async () => {
    const page = await newPage(browser);
    await signIn(page, DEMO.developer);
    const name = uniqueName('Bruna Lima ');
    const contact = await contactWithHistory(page, name);

    // Reachable from the contacts list: the card's link opens the page.
    await page.goto(`/crm/contacts?search=${encodeURIComponent(name)}`);
    await page.getByRole('link', { name: `Abrir a página de ${name}` }).click();
    await page.waitForURL((url) => url.pathname === `/crm/contacts/${contact.id}`);
    await page.getByRole('heading', { level: 1, name }).waitFor();
    expect(await page.getByTestId('contact-status').textContent()).toBe('Prospect');
    expect(
      await page
        .getByTestId('contact-fields')
        .getByRole('link', { name: 'bruna.lima@example.com' })
        .getAttribute('href'),
    ).toBe('mailto:bruna.lima@example.com');
    expect(await page.getByRole('link', { name: `WhatsApp: ${name}` }).getAttribute('href')).toBe(
      'https://wa.me/5511987654321',
    );

    // Deals: newest first, value in BRL, stage by its translated name.
    await deals(page).nth(1).waitFor();
    expect(await deals(page).count()).toBe(2);
    expect(await texts(deals(page).getByTestId('deal-value'))).toEqual(['R$ 3.000,00', 'R$ 12.500,50']);
    expect(await deals(page).getByTestId('deal-stage').allTextContents()).toEqual(['Prospecção', 'Proposta']);
    await expect.poll(() => deals(page).nth(1).textContent()).toContain('Fecha em 15/12/2026');

    // Activities: pending by due date (the overdue one first, marked), then the completed one.
    await activities(page).nth(2).waitFor();
    expect(await activities(page).getByRole('button').allTextContents()).toEqual([
      'Ligar de volta',
      'Enviar proposta revisada',
      'Reunião inicial',
    ]);
    expect(await activities(page).nth(0).getAttribute('data-overdue')).toBe('true');
    expect(await activities(page).nth(0).getByTestId('overdue-badge').textContent()).toBe('Atrasada');
    expect(await activities(page).nth(1).getAttribute('data-overdue')).toBeNull();
    expect(await activities(page).nth(2).getAttribute('data-status')).toBe('completed');
    expect(await page.getByTestId('overdue-badge').count()).toBe(1);

    // History: the change shows who, each field old -> new; the creations are there too.
    const change = page
      .getByTestId('timeline-entry')
      .filter({ hasText: 'alterou o contato' })
      .filter({ hasText: 'Pontuação' });
    expect(await change.textContent()).toContain('Diego Desenvolvedor alterou o contato');
    const score = change.getByTestId('timeline-change').filter({ hasText: 'Pontuação' });
    expect(await score.locator('del').textContent()).toBe('40');
    expect(await score.locator('ins').textContent()).toBe('60');
    const status = change.getByTestId('timeline-change').filter({ hasText: 'Status' });
    expect([await status.locator('del').textContent(), await status.locator('ins').textContent()]).toEqual([
      'Lead',
      'Prospect',
    ]);
    const bulk = page.getByTestId('timeline-entry').filter({ hasText: 'Edição em lote' });
    expect(await bulk.count()).toBe(1);
    expect(await bulk.getByTestId('timeline-change').textContent()).toContain('Tags: vip, sp, evento');
    expect(await bulk.getByTestId('timeline-change').locator('ins').textContent()).toBe('vip, sp, evento, 2026');
    await page.getByTestId('timeline-entry').filter({ hasText: 'criou o negócio “Licenças anuais”' }).waitFor();
    await page.getByTestId('timeline-entry').filter({ hasText: 'criou a atividade “Ligar de volta”' }).waitFor();

    // Quick action: a new deal, linked to this contact, in the list with its value and in the history.
    await page.getByRole('button', { name: 'Novo negócio' }).click();
    await dialog(page).getByRole('heading', { name: 'Novo negócio' }).waitFor();
    // The contact is the new deal's first person, its primary one.
    const person = dialog(page).getByTestId('deal-person').filter({ hasText: name });
    await person.waitFor();
    expect(await person.getByRole('checkbox').getAttribute('aria-checked')).toBe('true');
    expect(await page.locator('#deal-stage').textContent()).toBe('Prospecção');
    await page.getByRole('button', { name: 'Criar negócio' }).click();
    expect(await page.locator('#deal-title-message').textContent()).toBe('Obrigatório');
    await page.locator('#deal-title').fill('Expansão para filiais');
    await page.locator('#deal-value').fill('1.234,56');
    await page.getByRole('button', { name: 'Criar negócio' }).click();
    await toastLocator(page).filter({ hasText: 'Negócio criado com sucesso' }).waitFor();
    await dialog(page).waitFor({ state: 'detached' });
    await deals(page).filter({ hasText: 'Expansão para filiais' }).filter({ hasText: 'R$\u00a01.234,56' }).waitFor();
    await page.getByTestId('timeline-entry').filter({ hasText: 'criou o negócio “Expansão para filiais”' }).waitFor();

    // Quick action: a new activity (task, normal, 15-minute reminder by default), in its place by due date.
    await page.getByRole('button', { name: 'Nova atividade' }).click();
    await dialog(page).getByRole('heading', { name: 'Nova atividade' }).waitFor();
    expect(await page.locator('#activity-type').textContent()).toBe('Tarefa');
    expect(await page.locator('#activity-priority').textContent()).toBe('Normal');
    expect(await page.locator('#activity-reminderMinutes').textContent()).toBe('15 minutos antes');
    await page.locator('#activity-subject').fill('Visitar a fábrica');
    await page.locator('#activity-dueDate').fill('2030-01-02T10:30');
    await page.getByRole('button', { name: 'Criar atividade' }).click();
    await toastLocator(page).filter({ hasText: 'Atividade criada com sucesso' }).waitFor();
    await activities(page)
      .filter({ hasText: 'Visitar a fábrica' })
      .filter({ hasText: 'Prazo 02/01/2030 10:30' })
      .waitFor();
    expect(await activities(page).getByRole('button').allTextContents()).toEqual([
      'Ligar de volta',
      'Enviar proposta revisada',
      'Visitar a fábrica',
      'Reunião inicial',
    ]);
    await page.context().close();
  });

  it('edits the contact through its dialog and a deal through its own (lost reason asked for, a stale save shown as a conflict)', async () => {
    const page = await newPage(browser);
    await signIn(page, DEMO.developer);
    const contact = await contactWithHistory(page, uniqueName('Bruna Lima '));
    await page.goto(`/crm/contacts/${contact.id}`);

    // The contact: the existing dialog, then the page and its history show the change.
    await page.getByRole('button', { name: 'Editar' }).click();
    await page.locator('#contact-phone').fill('(21) 3456-7890');
    await page.getByRole('button', { name: 'Salvar alterações' }).click();
    await dialog(page).waitFor({ state: 'detached' });
    await page.getByTestId('contact-fields').getByRole('link', { name: '(21) 3456-7890' }).waitFor();
    const phone = page.getByTestId('timeline-change').filter({ hasText: 'Telefone' });
    await phone.waitFor();
    expect([await phone.locator('del').textContent(), await phone.locator('ins').textContent()]).toEqual([
      '(11) 98765-4321',
      '(21) 3456-7890',
    ]);

    // A deal: its values loaded; a lost stage asks for the reason.
    await page.getByRole('button', { name: 'Licenças anuais', exact: true }).click();
    await dialog(page).getByRole('heading', { name: 'Editar negócio' }).waitFor();
    expect(await page.locator('#deal-value').inputValue()).toBe('12500,50');
    expect(await page.locator('#deal-probability').inputValue()).toBe('50');
    expect(await page.locator('#deal-expectedCloseDate').inputValue()).toBe('2026-12-15');
    await page.locator('#deal-stage').click();
    await page.getByRole('option', { name: 'Perdido', exact: true }).click();
    await page.getByRole('button', { name: 'Salvar alterações' }).click();
    expect(await page.locator('#deal-lostReason-message').textContent()).toBe('Informe por que o negócio foi perdido');

    // Someone else saves the deal meanwhile: this save shows what changed instead of overwriting it.
    const deal = (await (await page.request.get(`/api/crm/deals?contact=${contact.id}`)).json()).items.find(
      (d: any) => d.title === 'Licenças anuais',
    );
    await patch(page, `/api/crm/deals/${deal.id}`, { value: '13000.00' });
    await page.locator('#deal-lostReason').fill('Orçamento cortado');
    await page.getByRole('button', { name: 'Salvar alterações' }).click();
    await page.getByRole('heading', { name: 'Alterado por outra pessoa' }).waitFor();
    await page.getByRole('button', { name: 'Salvar a minha por cima' }).click();
    await toastLocator(page).filter({ hasText: 'Negócio atualizado com sucesso' }).waitFor();
    await deals(page).filter({ hasText: 'Licenças anuais' }).filter({ hasText: 'Perdido' }).waitFor();
    await page
      .getByTestId('timeline-change')
      .filter({ hasText: 'Motivo da perda' })
      .filter({ hasText: 'Orçamento cortado' })
      .waitFor();
    await page.context().close();
  });

  it('renders a template for the contact: sent by mail (the link with the text) or copied, each counted', async () => {
    const page = await newPage(browser);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
    await signIn(page, DEMO.developer);
    const name = uniqueName('Bruna Lima ');
    const contact = await contactWithHistory(page, name);
    await page.goto(`/crm/contacts/${contact.id}`);
    await page.getByRole('button', { name: 'Usar modelo' }).click();
    await dialog(page)
      .getByRole('heading', { name: `Mensagem para ${name}` })
      .waitFor();
    await page.locator('#template-use-template').click();
    await page.getByRole('option', { name: 'Boas-vindas', exact: true }).first().click();
    await expect.poll(() => page.getByTestId('template-subject').textContent()).toBe(`Bem-vindo(a), ${name}!`);
    const body = (await page.getByTestId('template-body').textContent()) ?? '';
    // The company's & arrives as typed in a plain-text message, not as the HTML mail's &amp;.
    expect(body).toContain(`Olá ${name},`);
    expect(body).toContain('Obrigado pelo interesse na Lima & Filhos.');

    // Sending asks the server (which counts the use), then opens the app; the link stays offered.
    await page.getByRole('button', { name: 'Abrir no e-mail' }).click();
    const mailto = (await dialog(page).getByRole('link', { name: 'Abrir de novo' }).getAttribute('href')) ?? '';
    const mail = new URL(mailto);
    expect(mail.protocol).toBe('mailto:');
    expect(mail.pathname).toBe('bruna.lima@example.com');
    expect(mail.searchParams.get('subject')).toBe(`Bem-vindo(a), ${name}!`);
    expect(mail.searchParams.get('body')).toBe(body.replace(/\n/g, '\r\n'));
    await page.getByRole('button', { name: 'Fechar' }).last().click();

    await page.getByRole('button', { name: 'Usar modelo' }).click();
    await page.locator('#template-use-template').click();
    await page.getByRole('option', { name: 'Boas-vindas', exact: true }).first().click();
    await expect.poll(() => page.getByTestId('template-subject').textContent()).toBe(`Bem-vindo(a), ${name}!`);
    await page.getByRole('button', { name: 'Copiar texto' }).click();
    await page.getByTestId('template-sent').filter({ hasText: 'Mensagem copiada' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(body);
    await page.getByRole('button', { name: 'Fechar' }).last().click();
    await page.getByRole('button', { name: 'Usar modelo' }).click();

    // A placeholder no record fills ({{meeting_date}}) is asked for, then filled in.
    await page.locator('#template-use-template').click();
    await page.getByRole('option', { name: 'Confirmação de reunião', exact: true }).first().click();
    await page.locator('#template-use-value-meeting_date').fill('10/03/2026 às 14h');
    await page.getByRole('button', { name: 'Preencher' }).click();
    await expect
      .poll(() => page.getByTestId('template-subject').textContent())
      .toBe('Reunião confirmada: 10/03/2026 às 14h');
    await page.context().close();
  });

  it('shows 404 for a contact that does not exist or an id that is no number; an employee gets the template action too', async () => {
    const page = await newPage(browser);
    await registerUser(page, {
      username: uniqueName('cpage'),
      name: 'Edu Empregado',
      initials: 'EE',
      password: 'a-good-password',
    });
    await page.goto('/crm/contacts/2147483000');
    await page.getByRole('heading', { name: '404 Página Não Encontrada' }).waitFor();
    await page.goto('/crm/contacts/abc');
    await page.getByRole('heading', { name: '404 Página Não Encontrada' }).waitFor();

    const contact = await post(page, '/api/crm/contacts', { name: 'Sem Modelos' });
    await page.goto(`/crm/contacts/${contact.id}`);
    await page.getByRole('heading', { level: 1, name: 'Sem Modelos' }).waitFor();
    await page.getByRole('button', { name: 'Nova atividade' }).waitFor();
    expect(await page.getByRole('button', { name: 'Usar modelo' }).count()).toBe(1);
    // The deals section loads on its own: wait for its empty state, then check there is one.
    await page.getByText('Nenhum negócio encontrado').waitFor();
    expect(await page.getByText('Nenhum negócio encontrado').count()).toBe(1);
    await page.context().close();
  });

  it('looks right in each language, theme and width (screenshots, axe)', async () => {
    const setup = await newPage(browser);
    await signIn(setup, DEMO.developer);
    const contact = await contactWithHistory(setup, 'Bruna Lima');
    await setup.context().close();

    const languages: Language[] = ['pt', 'en'];
    const themes: Theme[] = ['light', 'dark', 'matrix'];
    for (const language of languages) {
      for (const width of [1280, 390]) {
        const page = await newPage(browser, { language, width });
        await signIn(page, DEMO.developer);
        // The contact loads once in the first theme; the top bar's menu switches to the others.
        await page.evaluate((value) => localStorage.setItem('theme', value), themes[0]!);
        await page.goto(`/crm/contacts/${contact.id}`);
        for (const theme of themes) {
          if (theme !== themes[0]) await chooseTheme(page, theme);
          await activities(page).nth(2).waitFor();
          await deals(page).nth(1).waitFor();
          await page.getByTestId('timeline-entry').nth(5).waitFor();
          await settled(page);
          const name = `contact-page-${language}-${theme}-${width}`;
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          expect(overflow, `${name} overflows horizontally`).toBeLessThanOrEqual(0);
          await screenshot(page, name);
          if (axeAt(width, theme, language)) await expectAccessible(page, name);
        }
        // The dialogs, once per language and width.
        for (const [button, ready, dialogName] of [
          [language === 'pt' ? 'Novo negócio' : 'New deal', '#deal-title', 'deal'],
          [language === 'pt' ? 'Nova atividade' : 'New activity', '#activity-subject', 'activity'],
          [language === 'pt' ? 'Usar modelo' : 'Use a template', '[data-testid="template-body"]', 'template'],
        ] as const) {
          await page.getByRole('button', { name: button }).click();
          await page.locator(ready).waitFor();
          await screenshot(page, `contact-page-${language}-matrix-${width}-${dialogName}-dialog`);
          await expectAccessible(page, `${language} ${width} ${dialogName} dialog`);
          await page.keyboard.press('Escape');
          await dialog(page).waitFor({ state: 'detached' });
        }
        await page.context().close();
      }
    }
  });
});
