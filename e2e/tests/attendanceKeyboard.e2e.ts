import type { BrowserContext, Locator, Page } from 'playwright-core';
import { useSignedInPage, untilValue } from '../support/suite';
import { type TestProduct } from '../support/product';
import { callApiAs, type Envelope } from '../support/api';

/**
 * The client service screen (/atendimento) works from the keyboard alone: every input has a
 * label, dialogs keep the focus inside and close on Escape, and the whole flow can be done without a mouse.
 * After signing in (the shared helper), every step here uses only Tab, Shift+Tab, Enter, Space, Escape,
 * arrow keys and typing; locators only read what the page shows. The tests run in order on one page, on
 * José Carlos Pereira (an INSS lead of the demo data).
 */

/** More presses than any page of the product has tab stops: a target not reached by then is unreachable. */
const MAX_TAB_PRESSES = 300;

const suite = useSignedInPage({ cep: true });
let product: TestProduct;
let context: BrowserContext;
let page: Page;
let errors: string[];
beforeAll(() => ({ product, context, page, errors } = suite));

const hasFocus = (target: Locator) => target.evaluate((element) => element === document.activeElement);

/** Presses Tab (Shift+Tab when `backwards`) until `target` has the focus; fails when it never gets it. */
async function tabTo(target: Locator, backwards = false) {
  await target.waitFor();
  for (let presses = 0; presses < MAX_TAB_PRESSES; presses += 1) {
    if (await hasFocus(target)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`the keyboard never reached ${String(target)}`);
}

/** Tabs to a text field and replaces what it holds by typing. */
async function typeInto(field: Locator, text: string) {
  await tabTo(field);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(text);
}

/** What has the focus, as a person would name it: role-ish tag, accessible label or text, and the dialog it is in. */
const focused = () =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return { inDialog: null, name: '(nothing)' };
    const label = element.getAttribute('aria-label') ?? (element as HTMLInputElement).labels?.[0]?.textContent ?? element.textContent;
    const dialog = element.closest('[role="dialog"]');
    const dialogTitle = dialog ? (document.getElementById(dialog.getAttribute('aria-labelledby') ?? '')?.textContent ?? '') : null;
    return { inDialog: dialogTitle, name: `${element.tagName.toLowerCase()} ${label?.trim()}` };
  });

/**
 * Tabs forwards, then backwards, twice around the dialog: the focus must never leave it, and it must visit
 * every one of `expected` (so the trap wraps instead of sticking on one element).
 */
async function expectFocusTrapped(title: string, expected: string[]) {
  for (const key of ['Tab', 'Shift+Tab']) {
    const visited = new Set<string>();
    for (let presses = 0; presses < 2 * expected.length + 1; presses += 1) {
      await page.keyboard.press(key);
      const now = await focused();
      // On failure this names what took the focus outside the dialog.
      expect({ key, inDialog: now.inDialog, focus: now.inDialog === title ? 'inside' : now.name }).toEqual({
        key,
        inDialog: title,
        focus: 'inside',
      });
      visited.add(now.name);
    }
    expect([...visited].sort()).toEqual([...expected].sort());
  }
}

/**
 * Every input, select and textarea the page renders, with the accessible name Chromium's accessibility tree
 * gives it (what a screen reader announces). Controls that are not rendered (hidden) are not in the tree.
 */
async function accessibleNamesOfControls() {
  const cdp = await context.newCDPSession(page);
  try {
    const { root } = await cdp.send('DOM.getDocument', { depth: 0 });
    const { nodeIds } = await cdp.send('DOM.querySelectorAll', {
      nodeId: root.nodeId,
      selector: 'input:not([type="hidden"]), select, textarea',
    });
    const controls: { name: string; html: string }[] = [];
    for (const nodeId of nodeIds) {
      const { nodes } = await cdp.send('Accessibility.getPartialAXTree', { nodeId, fetchRelatives: false });
      const node = nodes[0];
      if (!node || node.ignored) continue;
      const { outerHTML } = await cdp.send('DOM.getOuterHTML', { nodeId });
      controls.push({ name: String(node.name?.value ?? '').trim(), html: outerHTML.slice(0, 160) });
    }
    return controls;
  } finally {
    await cdp.detach();
  }
}

async function expectEveryControlNamed(mustInclude: string[]) {
  const controls = await accessibleNamesOfControls();
  expect(controls.filter((control) => !control.name).map((control) => control.html)).toEqual([]);
  // Not a vacuous pass: the controls of this step are among those checked.
  expect(controls.map((control) => control.name)).toEqual(expect.arrayContaining(mustInclude));
}

const phones = () => page.getByRole('region', { name: 'Telefone' });
const inssCard = () => page.getByRole('region', { name: /^INSS/ });
const form = () => page.getByRole('form', { name: 'Dados do cliente' });
const field = (label: string) => form().getByLabel(label, { exact: true });

test('a lead of the dashboard opens with Tab and Enter', async () => {
  await tabTo(page.getByRole('link', { name: /José Carlos Pereira/ }));
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/atendimento\?clientId=\d+$/);
  await inssCard().waitFor();
  await phones().getByText('Cel. 1', { exact: true }).waitFor();
});

test("'Adicionar Telefone' takes the focus, keeps it while tabbing (also after a refusal), closes on Escape and gives it back", async () => {
  const opener = phones().getByRole('button', { name: 'Adicionar Telefone' });
  await tabTo(opener);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Adicionar Telefone' });
  await dialog.waitFor();
  await expect(hasFocus(dialog.getByLabel('Telefone'))).resolves.toBe(true);
  await expectEveryControlNamed(['Telefone']);

  await expectFocusTrapped('Adicionar Telefone', ['button Fechar', 'input Telefone', 'button Salvar']);

  // A number the client already has: the server refuses it and the dialog stays open. The submit button
  // was disabled while the request ran, which drops the focus in the browser: Tab must still stay inside.
  const clientId = new URL(page.url()).searchParams.get('clientId');
  const { data: stored } = await callApiAs<{ DE_Telefone: string }[]>(page, product.urls.api, 'GET', `/crm/cliente/telefones/${clientId}`);
  await typeInto(dialog.getByLabel('Telefone'), stored![0].DE_Telefone);
  await tabTo(dialog.getByRole('button', { name: 'Salvar' }));
  await page.keyboard.press('Enter');
  await page.getByRole('status').filter({ hasText: 'Este telefone já está cadastrado para o cliente.' }).waitFor();
  await expectFocusTrapped('Adicionar Telefone', ['button Fechar', 'input Telefone', 'button Salvar']);

  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  await expect(hasFocus(opener)).resolves.toBe(true);
});

test("'Novo Cliente' likewise: the CPF has the focus, Tab stays inside, Escape closes it back to its button", async () => {
  const opener = page.getByRole('button', { name: 'Novo Cliente' });
  await tabTo(opener, true);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Novo Cliente' });
  await dialog.waitFor();
  await expect(hasFocus(dialog.getByLabel('CPF'))).resolves.toBe(true);
  await expectEveryControlNamed(['CPF']);

  await expectFocusTrapped('Novo Cliente', ['button Fechar', 'input CPF', 'button Mudar']);
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  await expect(hasFocus(opener)).resolves.toBe(true);
});

test("the operation's switch toggles with Space, and every input and select of the screen has an accessible name", async () => {
  const selected = inssCard().getByRole('switch', { name: 'Selecionado' });
  await tabTo(selected);
  const before = await selected.isChecked();
  await page.keyboard.press('Space');
  await expect(selected.isChecked()).resolves.toBe(!before);
  if (before) await page.keyboard.press('Space'); // it was selected already: select it again for the proposal
  await expect(selected.isChecked()).resolves.toBe(true);

  // The client form too: shown (the eye) and editable (the pencil), both from the keyboard.
  await tabTo(page.getByRole('button', { name: 'Mostrar dados' }));
  await page.keyboard.press('Enter');
  await tabTo(page.getByRole('button', { name: 'Editar cadastro' }));
  await page.keyboard.press('Space');
  await expect(field('E-mail').isEditable()).resolves.toBe(true);

  await expectEveryControlNamed(['Selecionado', 'Prazo', 'Parcela', 'Valor líquido', 'Nome', 'E-mail', 'CEP', 'UF', 'Banco', 'Conta']);
});

test("'Registrar proposta' opens 'Resumo da venda', whose focus is trapped, and Enter on 'Confirmar' registers it", async () => {
  await typeInto(field('Telefone'), '11987654321');
  await typeInto(field('E-mail'), 'jose.pereira@exemplo.com.br');
  await typeInto(field('CEP'), '01001000');
  await page.keyboard.press('Tab'); // leaving the CEP looks the address up
  await untilValue(page, field('Endereço'), 'Praça da Sé');
  await expect(field('Cidade').inputValue()).resolves.toBe('São Paulo');
  await typeInto(field('Número'), '100');
  await tabTo(field('Banco'));
  await page.keyboard.press('ArrowDown'); // a closed select takes the next option from the arrow keys
  await expect(field('Banco').inputValue()).resolves.not.toBe('');
  await typeInto(field('Agência'), '1234');
  await typeInto(field('Conta'), '56789');
  await typeInto(field('Dígito da conta'), '0');

  const register = page.getByRole('button', { name: 'Registrar proposta' });
  await tabTo(register);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Resumo da venda' });
  await dialog.waitFor();
  await expect(focused()).resolves.toEqual({ inDialog: 'Resumo da venda', name: 'button Fechar' });
  await expectFocusTrapped('Resumo da venda', ['button Fechar', 'button Confirmar']);

  const answer = page.waitForResponse(
    (response) => response.request().method() === 'POST' && new URL(response.url()).pathname.startsWith('/crm/proposta/'),
  );
  await tabTo(dialog.getByRole('button', { name: 'Confirmar' }));
  await page.keyboard.press('Enter');
  const { success, text, data } = (await (await answer).json()) as Envelope<{ CO_ADE: string }[]>;
  expect({ success, text }).toEqual({ success: true, text: `Proposta ADE ${data![0].CO_ADE} registrada com sucesso.` });
  await page.getByRole('status').filter({ hasText: text }).waitFor();
  await dialog.waitFor({ state: 'detached' });
  await expect(hasFocus(register)).resolves.toBe(true);
  expect(errors).toEqual([]);
});
