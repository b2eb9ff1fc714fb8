import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  baseUrl,
  chooseLanguage,
  chooseTheme,
  DEMO,
  expectAccessible,
  launchBrowser,
  newPage,
  screenshot,
  settled,
  signIn,
  toastLocator,
  uniqueName,
  type Language,
  type Theme,
} from './support/browser';

interface Received {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The body as it came, byte for byte: what the signature covers. */
  body: string;
}

/** A receiver on this machine that records every request and answers with the status it is told (200 at first). */
async function startReceiver() {
  const received: Received[] = [];
  let status = 200;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      res.writeHead(status, { 'content-type': 'text/plain' });
      res.end(status < 300 ? 'ok' : 'receiver is down');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/funil-hooks`,
    received,
    answer: (next: number) => (status = next),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** What a receiver computes: `v1=` and the hex HMAC-SHA256 of "timestamp.body" with the secret. */
const signatureOf = (secret: string, timestamp: string, body: string) =>
  `v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;

let browser: Browser;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let admin: Page;
beforeAll(async () => {
  browser = await launchBrowser();
  receiver = await startReceiver();
  admin = await newPage(browser);
  await signIn(admin, DEMO.admin, { to: '/settings?tab=webhooks' });
});
afterAll(async () => {
  // Nothing of this file's stays on the shared server to be sent events by the next files.
  if (admin) {
    const left = await admin.request.get('/api/admin/webhooks');
    for (const { id } of ((await left.json()) as { items: { id: number }[] }).items)
      await admin.request.delete(`/api/admin/webhooks/${id}`, { headers: { origin: baseUrl() } });
  }
  await receiver?.close();
  await browser?.close();
});

const dialog = (page: Page) => page.getByRole('dialog');
const deliveriesOf = (page: Page) => dialog(page).getByTestId('webhook-delivery');
const statusOf = (row: Locator) => row.getByTestId('delivery-status').textContent();
const factsOf = (row: Locator) => row.getByTestId('delivery-facts').textContent();

describe('webhooks (settings, admin)', () => {
  it('adds an endpoint, shows its secret once, signs what it sends, logs, redelivers, pauses, resumes, edits and deletes it', async () => {
    const description = uniqueName('ERP de teste ');
    await admin.getByRole('tab', { name: 'Webhooks', selected: true }).waitFor();
    await admin.getByRole('button', { name: 'Novo webhook' }).click();
    const form = dialog(admin);
    await form.getByRole('heading', { name: 'Novo webhook' }).waitFor();

    // Checked before anything is sent, in Portuguese.
    await form.getByRole('button', { name: 'Criar webhook' }).click();
    await form.getByText('Obrigatório').waitFor();
    await form.getByText('Escolha pelo menos um evento').waitFor();
    await form.getByLabel('Endereço (URL)').fill('http://example.com/hook');
    await form.getByText('Use https:// (http:// só para localhost, fora de produção)').waitFor();

    await form.getByLabel('Endereço (URL)').fill(receiver.url);
    await form.getByLabel('Descrição').fill(description);
    // Every deal event with the group's box, and one contact event.
    const deals = form.getByRole('group', { name: 'Negócios' });
    await deals.getByRole('checkbox', { name: 'Todos' }).click();
    expect(await deals.getByRole('checkbox', { checked: true }).count()).toBe(7);
    await form.getByRole('checkbox', { name: /^Contato criado/ }).click();
    await expect
      .poll(() =>
        form
          .getByRole('group', { name: 'Contatos' })
          .getByRole('checkbox', { name: 'Todos' })
          .getAttribute('aria-checked'),
      )
      .toBe('mixed');
    await screenshot(admin, 'webhook-form-pt-light-1280');
    await expectAccessible(admin, 'webhook form');
    await form.getByRole('button', { name: 'Criar webhook' }).click();

    // The secret, this once, with how to check a signature.
    const secretBox = admin.getByTestId('webhook-secret');
    await secretBox.waitFor();
    const secret = await secretBox.inputValue();
    expect(secret).toMatch(/^whsec_[\w-]{43}$/);
    await dialog(admin).getByText('Funil-Signature', { exact: true }).waitFor();
    await screenshot(admin, 'webhook-secret-pt-light-1280');
    await expectAccessible(admin, 'webhook secret');
    await dialog(admin).getByRole('button', { name: 'Pronto' }).click();
    const row = admin.getByTestId('webhook').filter({ hasText: description });
    await row.waitFor();
    expect(await row.getByTestId('webhook-url').textContent()).toBe(receiver.url);
    expect(await row.textContent()).toContain('7 eventos');
    expect(await row.getByTestId('webhook-status').textContent()).toBe('Ativo');
    expect(await admin.content()).not.toContain(secret);

    // A test event: delivered, and signed with the secret over the body exactly as it came.
    await row.getByRole('button', { name: 'Enviar evento de teste' }).click();
    await toastLocator(admin).getByText('Evento de teste entregue (HTTP 200)').waitFor();
    expect(receiver.received).toHaveLength(1);
    const [first] = receiver.received;
    expect(first.method).toBe('POST');
    expect(first.path).toBe('/funil-hooks');
    expect(first.headers['content-type']).toMatch(/^application\/json/);
    const timestamp = String(first.headers['funil-webhook-timestamp']);
    expect(Math.abs(Number(timestamp) - Date.now() / 1000)).toBeLessThan(120);
    expect(first.headers['funil-signature']).toBe(signatureOf(secret, timestamp, first.body));
    expect(first.headers['funil-signature']).not.toBe(signatureOf(`${secret}x`, timestamp, first.body));
    const event = JSON.parse(first.body) as { id: string; type: string };
    expect(event.type).toBe('webhook.test');
    expect(first.headers['funil-webhook-id']).toBe(event.id);

    // The log: the delivery, its code; then the receiver fails and the next test shows it.
    await row.getByRole('button', { name: 'Entregas' }).click();
    const log = dialog(admin);
    await log.getByRole('heading', { name: 'Entregas' }).waitFor();
    await expect.poll(() => deliveriesOf(admin).count()).toBe(1);
    expect(await statusOf(deliveriesOf(admin).first())).toBe('Entregue');
    expect(await factsOf(deliveriesOf(admin).first())).toContain('HTTP 200');

    receiver.answer(500);
    await log.getByRole('button', { name: 'Enviar evento de teste' }).click();
    await toastLocator(admin).getByText('O evento de teste não foi entregue').waitFor();
    await expect.poll(() => deliveriesOf(admin).count()).toBe(2);
    const failed = deliveriesOf(admin).first();
    // A 500 is tried again later: pending until then, with the code it got.
    expect(['Pendente', 'Falhou']).toContain(await statusOf(failed));
    expect(await factsOf(failed)).toContain('HTTP 500');
    expect(await factsOf(failed)).toContain('1 tentativa');
    await failed.getByRole('button', { name: 'Detalhes' }).click();
    expect(await failed.getByTestId('delivery-response').textContent()).toBe('receiver is down');
    expect(receiver.received).toHaveLength(2);
    const failedEventId = String(receiver.received[1].headers['funil-webhook-id']);
    await screenshot(admin, 'webhook-deliveries-pt-light-1280');
    await expectAccessible(admin, 'webhook deliveries');

    // Sent again once the receiver is back: a new delivery of the same event, out within the scan's seconds.
    receiver.answer(200);
    await failed.getByRole('button', { name: 'Reenviar' }).click();
    await toastLocator(admin).getByText('Reenvio agendado: a entrega sai em alguns segundos').waitFor();
    await expect.poll(() => deliveriesOf(admin).count()).toBe(3);
    await expect
      .poll(
        async () => {
          await log.getByRole('button', { name: 'Atualizar' }).click();
          await settled(admin);
          return statusOf(deliveriesOf(admin).first());
        },
        { timeout: 20_000, interval: 1_000 },
      )
      .toBe('Entregue');
    expect(await factsOf(deliveriesOf(admin).first())).toContain('HTTP 200');
    const redelivered = receiver.received.filter((r) => r.headers['funil-webhook-id'] === failedEventId);
    expect(redelivered.length).toBeGreaterThanOrEqual(2);
    const last = redelivered.at(-1)!;
    expect(last.headers['funil-signature']).toBe(
      signatureOf(secret, String(last.headers['funil-webhook-timestamp']), last.body),
    );
    await log.getByRole('button', { name: 'Fechar' }).click();

    // Paused, then resumed.
    await row.getByRole('button', { name: 'Pausar' }).click();
    await toastLocator(admin).getByText('Webhook pausado').waitFor();
    await expect.poll(() => row.getByTestId('webhook-status').textContent()).toBe('Pausado');
    const stored = async () => {
      const answer = await admin.request.get('/api/admin/webhooks');
      const { items } = (await answer.json()) as {
        items: { description: string; active: boolean; events: string[] }[];
      };
      return items.find((item) => item.description === description);
    };
    expect((await stored())?.active).toBe(false);
    await row.getByRole('button', { name: 'Retomar' }).click();
    await toastLocator(admin).getByText('Webhook ativo: os novos eventos serão enviados').waitFor();
    await expect.poll(() => row.getByTestId('webhook-status').textContent()).toBe('Ativo');
    expect((await stored())?.active).toBe(true);

    // Edited: one event fewer.
    await row.getByRole('button', { name: `Editar o webhook ${receiver.url}` }).click();
    await dialog(admin).getByRole('heading', { name: 'Editar webhook' }).waitFor();
    await dialog(admin)
      .getByRole('checkbox', { name: /^Negócio perdido/ })
      .click();
    await dialog(admin).getByRole('button', { name: 'Salvar alterações' }).click();
    await toastLocator(admin).getByText('Webhook salvo').waitFor();
    await expect.poll(() => row.textContent()).toContain('6 eventos');
    expect((await stored())?.events).not.toContain('deal.lost');

    await lookAtTheTab(row);

    // Deleted, after a confirmation.
    await row.getByRole('button', { name: `Excluir o webhook ${receiver.url}` }).click();
    await dialog(admin).getByRole('button', { name: 'Excluir' }).click();
    await toastLocator(admin).getByText('Webhook excluído').waitFor();
    await row.waitFor({ state: 'detached' });
    expect(await stored()).toBeUndefined();
  });

  it('is not for employees: no tab, and the API answers 403', async () => {
    const page = await newPage(browser);
    await signIn(page, DEMO.employee, { to: '/settings?tab=webhooks' });
    await page.getByRole('heading', { name: 'Sem acesso' }).waitFor();
    expect(await page.getByRole('tab', { name: 'Webhooks' }).count()).toBe(0);
    expect((await page.request.get('/api/admin/webhooks')).status()).toBe(403);
    const create = await page.request.post('/api/admin/webhooks', {
      data: { url: receiver.url, events: ['contact.created'] },
      headers: { origin: baseUrl() },
    });
    expect(create.status()).toBe(403);
    await page.context().close();
  });
});

/**
 * The tab in each language and in the light and dark themes, with an endpoint in each state: the test's (active), a
 * paused one, and one the system turned off (shown from a list answer the page is given: a day of failures cannot be
 * waited for here). Then the deliveries log in English and in the dark theme.
 */
async function lookAtTheTab(row: Locator) {
  const paused = await admin.request.post('/api/admin/webhooks', {
    data: { url: 'https://hooks.example.com/paused', events: ['import.completed'], description: null, active: false },
    headers: { origin: baseUrl() },
  });
  expect(paused.status()).toBe(201);
  const dayAgo = new Date(Date.now() - 25 * 3600_000).toISOString();
  await admin.route('**/api/admin/webhooks', async (route) => {
    if (route.request().method() !== 'GET') return route.fallback();
    const answer = await route.fetch();
    const { items } = (await answer.json()) as { items: object[] };
    const turnedOff = {
      id: 2_000_000_000,
      url: 'https://erp.example.com.br/api/funil/webhook',
      description: 'ERP (notas fiscais)',
      events: ['deal.won', 'deal.lost'],
      active: false,
      disabledReason: 'failing',
      failingSince: dayAgo,
      createdAt: dayAgo,
      updatedAt: new Date().toISOString(),
    };
    await route.fulfill({ response: answer, json: { items: [...items, turnedOff] } });
  });
  await admin.reload();
  await admin.getByTestId('webhook-disabled').waitFor();
  const looks: [Language, Theme][] = [
    ['pt', 'light'],
    ['pt', 'dark'],
    ['en', 'light'],
    ['en', 'dark'],
  ];
  for (const [language, theme] of looks) {
    await chooseLanguage(admin, language);
    await chooseTheme(admin, theme);
    await settled(admin);
    await screenshot(admin, `webhooks-settings-${language}-${theme}-1280`);
    if (language === 'pt' || theme === 'light') await expectAccessible(admin, `webhooks ${language} ${theme}`);
  }
  // English, dark: the log, with a row open.
  await row.getByRole('button', { name: 'Deliveries' }).click();
  await dialog(admin).getByTestId('webhook-delivery').first().waitFor();
  await dialog(admin).getByTestId('webhook-delivery').nth(1).getByRole('button', { name: 'Details' }).click();
  await settled(admin);
  await screenshot(admin, 'webhook-deliveries-en-dark-1280');
  await expectAccessible(admin, 'webhook deliveries en dark');
  await dialog(admin).getByRole('button', { name: 'Close' }).click();
  await admin.setViewportSize({ width: 390, height: 844 });
  await chooseLanguage(admin, 'pt');
  await chooseTheme(admin, 'light');
  await settled(admin);
  await screenshot(admin, 'webhooks-settings-pt-light-390');
  await expectAccessible(admin, 'webhooks pt light 390');
  await row.getByRole('button', { name: 'Entregas' }).click();
  await dialog(admin).getByTestId('webhook-delivery').nth(1).getByRole('button', { name: 'Detalhes' }).click();
  await settled(admin);
  await screenshot(admin, 'webhook-deliveries-pt-light-390');
  await dialog(admin).getByRole('button', { name: 'Fechar' }).click();
  await row.getByRole('button', { name: `Editar o webhook ${receiver.url}` }).click();
  await dialog(admin).getByRole('heading', { name: 'Editar webhook' }).waitFor();
  await screenshot(admin, 'webhook-form-pt-light-390');
  await expectAccessible(admin, 'webhook form 390');
  await dialog(admin).getByRole('button', { name: 'Cancelar' }).click();
  await admin.setViewportSize({ width: 1280, height: 800 });
  await admin.unroute('**/api/admin/webhooks');
  await admin.request.delete(`/api/admin/webhooks/${((await paused.json()) as { id: number }).id}`, {
    headers: { origin: baseUrl() },
  });
  await admin.reload();
}
