import { readFileSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { useSignedInPage } from '../support/suite';

/**
 * The settings/upload popup of /atendimento (product-spec §2) with the real API: its show-data
 * toggle shows the phone numbers, and the client's documents are uploaded (a PDF), listed, downloaded byte for
 * byte and deleted; a renamed text file and an image over 5 MB are refused with Portuguese texts. The tests run
 * in order on one signed-in page (Ana, attendant, on José's record).
 */

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n', 'latin1');

const popup = () => page.getByRole('dialog', { name: 'Configurações e documentos' });
const toast = (text: string) => page.getByRole('status').filter({ hasText: text }).first();
const documentItem = (name: string): Locator => popup().getByRole('listitem', { name });
const fileInput = () => popup().getByLabel('Arquivo (PNG, JPEG ou PDF, até 5 MB)');

const suite = useSignedInPage({ context: { acceptDownloads: true } });
let page: Page;
let errors: string[];
beforeAll(() => ({ page, errors } = suite));
beforeAll(async () => {
  await page.locator('a[href^="/atendimento?clientId="]', { hasText: 'José Carlos Pereira' }).click();
  await page.waitForURL(/\/atendimento\?clientId=\d+$/);
  await page.getByRole('region', { name: 'Telefone' }).getByText('Cel. 1').waitFor();
});

test("the popup's show-data toggle shows and hides the client's phone numbers", async () => {
  const phones = page.getByRole('region', { name: 'Telefone' });
  expect(await phones.getByText('(11) 98765-4321').count()).toBe(0);
  await page.getByRole('button', { name: 'Configurações e documentos' }).click();
  const toggle = popup().getByRole('switch', { name: 'Mostrar dados do cliente' });
  await toggle.check();
  await phones.getByText('(11) 98765-4321').waitFor();
  await toggle.uncheck();
  await phones.getByText('(11) 98765-4321').waitFor({ state: 'detached' });
  await popup().getByText('Nenhum documento enviado.').waitFor();
});

test("a PDF uploaded as the client's extrato is listed, downloads byte for byte, and is deleted after a confirmation", async () => {
  await popup().getByLabel('Tipo do documento').selectOption({ label: 'Extrato' });
  await fileInput().setInputFiles({ name: 'extrato março.pdf', mimeType: 'application/pdf', buffer: PDF });
  await popup().getByRole('button', { name: 'Enviar documento' }).click();
  await toast('Documento enviado.').waitFor();
  const item = documentItem('Extrato: extrato março.pdf');
  await item.waitFor();
  expect(await item.textContent()).toContain('Ana');

  const [download] = await Promise.all([page.waitForEvent('download'), item.getByRole('button', { name: 'Baixar' }).click()]);
  expect(download.suggestedFilename()).toBe('extrato março.pdf');
  expect(readFileSync((await download.path())!).equals(PDF)).toBe(true);

  // Closed and opened again: the list comes from the server.
  await popup().getByRole('button', { name: 'Fechar' }).click();
  await page.getByRole('button', { name: 'Configurações e documentos' }).click();
  await item.getByRole('button', { name: 'Excluir' }).click();
  await item.getByRole('button', { name: 'Confirmar exclusão' }).click();
  await toast('Documento excluído.').waitFor();
  await item.waitFor({ state: 'detached' });
  await popup().getByText('Nenhum documento enviado.').waitFor();
});

test('a text file renamed .pdf is refused by its content, and an image over 5 MB before it is sent', async () => {
  await popup().getByLabel('Tipo do documento').selectOption({ label: 'RG/CNH' });
  await fileInput().setInputFiles({ name: 'rg.pdf', mimeType: 'application/pdf', buffer: Buffer.from('CPF;Nome\n11144477735;José\n') });
  await popup().getByRole('button', { name: 'Enviar documento' }).click();
  await toast('Documento inválido: envie um arquivo PNG, JPEG ou PDF.').waitFor();
  expect(await popup().getByRole('listitem').count()).toBe(0);

  const big = Buffer.alloc(5 * 1024 * 1024 + 1);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(big);
  await fileInput().setInputFiles({ name: 'rg.png', mimeType: 'image/png', buffer: big });
  await popup().getByText('O documento passa de 5 MB.').waitFor();
  expect(errors).toEqual([]);
});
