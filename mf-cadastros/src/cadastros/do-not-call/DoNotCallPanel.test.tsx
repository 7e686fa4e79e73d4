import { session } from '@consig/shared';
import { bodyCellTexts, fakeApi, renderScreen, signIn } from '@consig/shared/testing';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import Cadastros from '../Cadastros';

interface Sent {
  method: string;
  url: string;
  body: unknown;
}

/** A list of two numbers; records every write, and answers the list again after one. */
function serveList() {
  const sent: Sent[] = [];
  let items = [
    { DE_Telefone: '11987654321', DE_Origem: 'manual', TS_Criacao: '2026-11-20T13:05:00.000Z' },
    { DE_Telefone: '1130030303', DE_Origem: 'operadora.csv', TS_Criacao: '2026-11-19T10:00:00.000Z' },
  ];
  const server = fakeApi((request) => {
    const body = typeof request.data === 'string' ? JSON.parse(request.data) : request.data;
    if (request.method === 'get') {
      const search = String(request.params?.busca ?? '');
      const found = items.filter((item) => item.DE_Telefone.includes(search));
      return { body: { success: true, text: '', data: { NU_Total: found.length, itens: found } } };
    }
    sent.push({ method: request.method ?? '', url: request.url ?? '', body });
    if (request.method === 'delete') {
      items = items.filter((item) => !request.url?.endsWith(item.DE_Telefone));
      return { body: { success: true, text: 'Número retirado da lista Não Me Perturbe.', data: null } };
    }
    if (request.url === '/cadastro/naoperturbe/csv') {
      return {
        body: {
          success: true,
          text: '1 número(s) incluído(s); 0 já estava(m) na lista; 1 linha(s) inválida(s).',
          data: { NU_Incluidos: 1, NU_JaExistentes: 0, NU_Invalidos: 1, linhasInvalidas: [3] },
        },
      };
    }
    items = [{ DE_Telefone: body.DE_Telefone, DE_Origem: 'manual', TS_Criacao: '2026-11-27T12:00:00.000Z' }, ...items];
    return { body: { success: true, text: 'Número incluído na lista Não Me Perturbe.', data: null } };
  });
  return { server, sent };
}

let served: ReturnType<typeof serveList>;
beforeEach(() => {
  signIn({ ID_Funcao: 13 });
  served = serveList();
});
afterEach(() => {
  served.server.restore();
  session.signOut();
});

const rows = () => bodyCellTexts(3);

test("lists the company's numbers, written as Brazilians write them, under the 'Não Me Perturbe' tab", async () => {
  renderScreen(<Cadastros />, '/cadastros?aba=nao-perturbe');
  expect(await screen.findByText('2 número(s) na lista.')).toBeTruthy();
  expect(screen.getByRole('tab', { name: 'Não Me Perturbe' }).getAttribute('aria-selected')).toBe('true');
  expect(rows()).toEqual([
    ['(11) 98765-4321', 'manual', '20/11/2026 10:05'],
    ['(11) 3003-0303', 'operadora.csv', '19/11/2026 07:00'],
  ]);
});

test('adds a number typed with its punctuation as digits, and refuses a short one with the rule’s text, sending nothing', async () => {
  renderScreen(<Cadastros />, '/cadastros?aba=nao-perturbe');
  await screen.findByText('2 número(s) na lista.');
  const phone = screen.getByLabelText('Telefone');
  fireEvent.change(phone, { target: { value: '1199' } });
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Incluir' })));
  expect(served.sent).toEqual([]);
  expect(
    within(screen.getByRole('form', { name: 'Incluir número' })).getByText('Informe o telefone com DDD: 10 ou 11 dígitos.'),
  ).toBeTruthy();

  fireEvent.change(phone, { target: { value: '(21) 99876-5432' } });
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Incluir' })));
  await waitFor(() =>
    expect(served.sent).toEqual([{ method: 'post', url: '/cadastro/naoperturbe', body: { DE_Telefone: '21998765432' } }]),
  );
  expect(await screen.findByText('3 número(s) na lista.')).toBeTruthy();
  expect(rows()[0][0]).toBe('(21) 99876-5432');
});

test("'Retirar' asks first; 'Cancelar' keeps the number, confirming takes it off", async () => {
  renderScreen(<Cadastros />, '/cadastros?aba=nao-perturbe');
  await screen.findByText('2 número(s) na lista.');
  fireEvent.click(screen.getByRole('button', { name: 'Retirar (11) 3003-0303' }));
  const dialog = screen.getByRole('dialog', { name: 'Retirar da lista Não Me Perturbe' });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
  expect(served.sent).toEqual([]);

  fireEvent.click(screen.getByRole('button', { name: 'Retirar (11) 3003-0303' }));
  await act(async () => fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Retirar' })));
  await waitFor(() => expect(served.sent).toEqual([{ method: 'delete', url: '/cadastro/naoperturbe/1130030303', body: undefined }]));
  expect(await screen.findByText('1 número(s) na lista.')).toBeTruthy();
});

test('sends a chosen file as a data URL named by its file, and shows the invalid lines the answer lists', async () => {
  renderScreen(<Cadastros />, '/cadastros?aba=nao-perturbe');
  await screen.findByText('2 número(s) na lista.');
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Enviar arquivo' })));
  expect(screen.getByText('Escolha um arquivo CSV ou de texto.')).toBeTruthy();

  const file = new File(['telefone\n11912345678\nabc\n'], 'operadora.csv', { type: 'text/csv' });
  fireEvent.change(screen.getByLabelText('Arquivo com números (CSV ou texto, um por linha)'), { target: { files: [file] } });
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Enviar arquivo' })));
  await waitFor(() => expect(served.sent).toHaveLength(1));
  expect(served.sent[0]).toMatchObject({ method: 'post', url: '/cadastro/naoperturbe/csv', body: { DE_Origem: 'operadora.csv' } });
  const { TX_Base } = served.sent[0].body as { TX_Base: string };
  expect(Buffer.from(TX_Base.slice(TX_Base.indexOf(',') + 1), 'base64').toString()).toBe('telefone\n11912345678\nabc\n');
  expect(await screen.findByText('Linhas inválidas (as primeiras): 3.')).toBeTruthy();
});
