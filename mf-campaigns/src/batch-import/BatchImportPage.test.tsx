import { bus, session } from '@consig/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'react-hot-toast';
import { fakeApi, renderScreen, signIn } from '@consig/shared/testing';
import { BatchImportPage } from './BatchImportPage';

const importRow = (
  ID_Status: number,
  counts: Partial<Record<'NU_Lidas' | 'NU_Importados' | 'NU_Higienizados' | 'NU_Rejeitados', number>> = {},
) => ({
  ID_Importacao: 77,
  ID_Campanha: 5,
  ID_Status,
  SN_Higienizar: true,
  NU_Linhas: 4,
  NU_Lidas: 0,
  NU_Importados: 0,
  NU_Higienizados: 0,
  NU_Rejeitados: 0,
  DE_Motivo: null,
  TS_Criacao: '2026-11-22T13:00:00-03:00',
  TS_Conclusao: null,
  ...counts,
});

let server: ReturnType<typeof fakeApi>;
let uploads: unknown[];
let saved: string[];
/** The counts the import ends with (the third ask). */
let finalCounts: Partial<Record<'NU_Importados' | 'NU_Higienizados' | 'NU_Rejeitados', number>>;

beforeEach(() => {
  signIn({ ID_Funcao: 13 });
  uploads = [];
  saved = [];
  finalCounts = { NU_Importados: 2, NU_Higienizados: 1, NU_Rejeitados: 1 };
  let polls = 0;
  server = fakeApi((request) => {
    const ok = (data: unknown, text = '') => ({ body: { success: true, text, data } });
    if (request.url === '/importacao/upload') {
      uploads.push(JSON.parse(request.data as string));
      return ok({ ID_Importacao: 77 }, 'Arquivo recebido. A importação está em andamento.');
    }
    // Still running on the first two asks (1, then 3 lines read of 4), done on the third.
    if (request.url === '/importacao/77') {
      polls += 1;
      if (polls < 3) return ok(importRow(0, { NU_Lidas: polls === 1 ? 1 : 3 }));
      return ok(importRow(63, { NU_Lidas: 4, ...finalCounts }));
    }
    if (request.url === '/importacao/modelo.csv') return { body: new Blob(['CPF;Nome\r\n']) };
    if (request.url === '/importacao/77/rejeitadas') return { body: new Blob(['Linha;Motivo\r\n']) };
    return { status: 404, body: { success: false, text: 'Recurso não encontrado.' } };
  });
  // jsdom has no object URLs nor downloads: record the file names offered instead.
  Object.assign(URL, { createObjectURL: () => 'blob:fake', revokeObjectURL: () => undefined });
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});

afterEach(() => {
  server.restore();
  session.signOut();
  jest.restoreAllMocks();
});

async function openUpload() {
  renderScreen(<BatchImportPage />, '/campanhas/importar-lotes/5', '/campanhas/importar-lotes/:id');
  fireEvent.click(screen.getByRole('button', { name: 'Importar arquivo' }));
  return within(await screen.findByRole('dialog', { name: 'Importar arquivo CSV' }));
}

test('the page has Voltar to the list and downloads the template through the API client', async () => {
  renderScreen(<BatchImportPage />, '/campanhas/importar-lotes/5', '/campanhas/importar-lotes/:id');
  expect(screen.getByRole('link', { name: 'Voltar' }).getAttribute('href')).toBe('/campanhas');
  await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Baixar modelo de planilha' })));
  await waitFor(() => expect(saved).toEqual(['modelo-importacao.csv']));
  expect(server.requests).toContain('GET /importacao/modelo.csv');
});

test('the upload dialog shows the rules of the import and requires a file and the sanitising choice', async () => {
  const dialog = await openUpload();
  for (const rule of [
    'Apenas CSV de até 60MB; para arquivos maiores, contate o suporte.',
    'No máximo 50.000 clientes por planilha.',
    'Cada linha precisa ao menos do CPF do cliente.',
    'Cliente novo só é adicionado com CPF, nome e data de nascimento.',
    'Cliente INSS só é adicionado com matrícula (NB) e espécie do benefício.',
    'Campanhas que exigem valor ofertado e valor da parcela só adicionam o cliente com esses valores preenchidos.',
  ]) {
    expect(dialog.getByText(rule)).toBeTruthy();
  }
  fireEvent.click(dialog.getByRole('button', { name: 'Enviar' }));
  expect(dialog.getByText('Anexar um arquivo é obrigatório.')).toBeTruthy();
  expect(dialog.getByText('Este campo é obrigatório.')).toBeTruthy();
  expect(uploads).toEqual([]);
});

test('sends the file as a data URL, then follows the import to its counts and the rejected-lines download', async () => {
  const success = jest.spyOn(toast, 'success');
  const dialog = await openUpload();
  const file = new File(['CPF;Nome\r\n52998224725;Ana\r\n'], 'clientes.csv', { type: 'text/csv' });
  fireEvent.change(dialog.getByLabelText('Arquivo CSV'), { target: { files: [file] } });
  fireEvent.click(dialog.getByRole('radio', { name: 'Sim' }));
  await act(async () => void fireEvent.click(dialog.getByRole('button', { name: 'Enviar' })));

  await waitFor(() => expect(uploads).toHaveLength(1));
  expect(uploads[0]).toEqual({
    TX_Base: `data:text/csv;base64,${Buffer.from('CPF;Nome\r\n52998224725;Ana\r\n').toString('base64')}`,
    ID_Campanha: 5,
    SN_Higienizar: true,
  });
  await waitFor(() => expect(success).toHaveBeenCalledWith('Arquivo recebido. A importação está em andamento.', { duration: 3000 }));
  // Lines read of total: from the poll, sooner from the job's /ws alert 1090, then from the next poll.
  expect(await dialog.findByText('Lidas 1 de 4 linhas')).toBeTruthy();
  const bar = () => dialog.getByRole('progressbar', { name: 'Andamento da importação' });
  expect([bar().getAttribute('value'), bar().getAttribute('max')]).toEqual(['1', '4']);
  act(() => {
    bus.publish('realtime.alert@1', {
      TP_Alerta: 1090,
      DE_Dados: { ID_Importacao: 78, NU_Lidas: 4, NU_Linhas: 4 },
      DE_Observacao: 'outra importação',
    });
    bus.publish('realtime.alert@1', {
      TP_Alerta: 1090,
      DE_Dados: { ID_Importacao: 77, NU_Lidas: 2, NU_Linhas: 4 },
      DE_Observacao: 'Lidas 2 de 4 linhas',
    });
  });
  expect(await dialog.findByText('Lidas 2 de 4 linhas', undefined, { timeout: 500 })).toBeTruthy();
  expect(bar().getAttribute('value')).toBe('2');
  expect(await dialog.findByText('Lidas 3 de 4 linhas', undefined, { timeout: 3000 })).toBeTruthy();

  expect(await dialog.findByText('Importação concluída.', undefined, { timeout: 5000 })).toBeTruthy();
  const figures = Object.fromEntries(
    [...document.querySelectorAll('dl[aria-label="Resultado da importação"] dt')].map((dt) => [
      dt.textContent,
      dt.nextElementSibling?.textContent,
    ]),
  );
  expect(figures).toEqual({ 'Linhas no arquivo': '4', Importados: '2', 'Removidos na higienização': '1', 'Linhas rejeitadas': '1' });
  expect(server.requests.filter((request) => request === 'GET /importacao/77')).toHaveLength(3);

  await act(async () => void fireEvent.click(dialog.getByRole('button', { name: 'Baixar linhas rejeitadas' })));
  await waitFor(() => expect(saved).toEqual(['importacao-77-rejeitadas.csv']));
});

test('lines only removed by sanitising are still offered for download, with their reasons', async () => {
  finalCounts = { NU_Importados: 2, NU_Higienizados: 2, NU_Rejeitados: 0 };
  const dialog = await openUpload();
  fireEvent.change(dialog.getByLabelText('Arquivo CSV'), {
    target: { files: [new File(['CPF\r\n52998224725\r\n'], 'clientes.csv', { type: 'text/csv' })] },
  });
  fireEvent.click(dialog.getByRole('radio', { name: 'Sim' }));
  await act(async () => void fireEvent.click(dialog.getByRole('button', { name: 'Enviar' })));
  expect(await dialog.findByText('Importação concluída.', undefined, { timeout: 5000 })).toBeTruthy();
  await act(async () => void fireEvent.click(dialog.getByRole('button', { name: 'Baixar linhas rejeitadas' })));
  await waitFor(() => expect(saved).toEqual(['importacao-77-rejeitadas.csv']));
});

test('an import page for a malformed id says so and links back', () => {
  renderScreen(<BatchImportPage />, '/campanhas/importar-lotes/abc', '/campanhas/importar-lotes/:id');
  expect(screen.getByText('Campanha inválida.')).toBeTruthy();
  expect(server.requests).toEqual([]);
});
