import { api, FOLLOWUP_TEXT, ROLE, session, setRuntimeConfig } from '@consig/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { httpError, renderScreen, signIn } from '@consig/shared/testing';
import { toast } from 'react-hot-toast';
import Followup from '../Followup';
import { aProposal, serveFollowup } from '../testServer';

const FILTERS = '/acompanhamentos?inicio=2026-03-01&fim=2026-03-15';
const FIRST_PAGE = '/crm/proposta/0/0/0/0/0/20260301/20260315';
const written = (body: object) => ({ data: { success: true, text: '', ...body }, status: 200 });
const row = (name: string) => screen.getByRole('row', { name: new RegExp(name) });

beforeEach(() => setRuntimeConfig({ apiUrl: 'http://api.test/', wsUrl: 'ws://api.test/ws' }));
afterEach(() => {
  session.signOut();
  jest.restoreAllMocks();
});

it('shows each proposal with its bank logo from the API, the bot icon for SN_API 1, CPF and value formatted', async () => {
  signIn();
  serveFollowup({
    pages: [{ rows: [aProposal(), aProposal({ ID_Proposta: 2, CO_ADE: 'ADE0002', DE_Pessoa: 'João Lima', SN_API: 1 })], next: null }],
  });
  renderScreen(<Followup />, FILTERS);

  const maria = within(await screen.findByRole('row', { name: /Maria Souza/ }));
  expect((maria.getByRole('img', { name: 'Itaú' }) as HTMLImageElement).src).toBe('http://api.test/cadastro/banco/341/logo');
  expect(maria.queryByRole('img', { name: 'Proposta digitada pela API' })).toBeNull();
  expect(maria.getByText('111.444.777-35')).toBeTruthy();
  expect(maria.getByText('R$ 1.234,56')).toBeTruthy();
  expect(within(row('João Lima')).getByRole('img', { name: 'Proposta digitada pela API' })).toBeTruthy();
});

it.each([
  ['an attendant', ROLE.ATENDENTE, false],
  ['a supervisor', ROLE.SUPERVISOR, false],
  ['a manager', ROLE.GERENTE, true],
])('the delete button for %s (role %i) shows: %s', async (_who, role, shown) => {
  signIn({ ID_Funcao: role });
  serveFollowup();
  renderScreen(<Followup />, FILTERS);
  await screen.findByRole('row', { name: /Maria Souza/ });
  expect(screen.queryAllByTitle('Deletar proposta.')).toHaveLength(shown ? 1 : 0);
});

it('deletes only after Confirmar, once, with a spinner, then closes, says so and reloads the list', async () => {
  signIn({ ID_Funcao: ROLE.GERENTE });
  const get = serveFollowup();
  const success = jest.spyOn(toast, 'success');
  let answer: (value: unknown) => void = () => undefined;
  const del = jest.spyOn(api, 'delete').mockImplementation(() => new Promise((resolve) => (answer = resolve)));
  renderScreen(<Followup />, FILTERS);
  fireEvent.click(await screen.findByTitle('Deletar proposta.'));

  const dialog = within(screen.getByRole('dialog', { name: 'Tem certeza que deseja remover esta proposta?' }));
  expect(dialog.getByText('Proposta ADE ADE0001 de Maria Souza.')).toBeTruthy();
  fireEvent.click(dialog.getByRole('button', { name: 'Recusar' }));
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(del).not.toHaveBeenCalled();

  fireEvent.click(screen.getByTitle('Deletar proposta.'));
  const confirm = within(screen.getByRole('dialog')).getByRole('button', { name: /Confirmar/ });
  fireEvent.click(confirm);
  fireEvent.click(confirm);
  expect(await within(screen.getByRole('dialog')).findByRole('status', { name: 'Removendo...' })).toBeTruthy();
  fireEvent.click(confirm);
  expect(del.mock.calls).toEqual([['/crm/proposta/1']]);

  const listReads = get.listUrls().length;
  answer(written({ text: FOLLOWUP_TEXT.deleted }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(success).toHaveBeenCalledWith(FOLLOWUP_TEXT.deleted, expect.anything());
  await waitFor(() => expect(get.listUrls().length).toBeGreaterThan(listReads));
});

it('closes the confirmation after a refusal too, with the server’s text', async () => {
  signIn({ ID_Funcao: ROLE.GERENTE });
  serveFollowup();
  const error = jest.spyOn(toast, 'error');
  jest.spyOn(api, 'delete').mockRejectedValue(httpError(403, FOLLOWUP_TEXT.deleteForbidden));
  renderScreen(<Followup />, FILTERS);
  fireEvent.click(await screen.findByTitle('Deletar proposta.'));
  fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: /Confirmar/ }));

  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(error).toHaveBeenCalledWith(FOLLOWUP_TEXT.deleteForbidden, expect.anything());
  expect(screen.getByRole('row', { name: /Maria Souza/ })).toBeTruthy();
});

it('sends a status change at once and reads the counts and the list again', async () => {
  signIn({ ID_Funcao: ROLE.GERENTE });
  const get = serveFollowup();
  const put = jest.spyOn(api, 'put').mockResolvedValue(written({ message: FOLLOWUP_TEXT.statusChanged }));
  const success = jest.spyOn(toast, 'success');
  renderScreen(<Followup />, FILTERS);

  const status = (await screen.findByRole('combobox', { name: 'Status da proposta ADE0001' })) as HTMLSelectElement;
  await within(status).findByRole('option', { name: 'Aguardando digitação' });
  expect(status.value).toBe('20');
  const countReads = get.summaryUrls().length;
  const listReads = get.listUrls().length;

  fireEvent.change(status, { target: { value: '60' } });
  await waitFor(() => expect(put).toHaveBeenCalledWith('/crm/proposta', { PropostaID: 1, ID_Status: 60 }));
  await waitFor(() => expect(get.summaryUrls().length).toBeGreaterThan(countReads));
  await waitFor(() => expect(get.listUrls().length).toBeGreaterThan(listReads));
  expect(get.summaryUrls().at(-1)).toBe('/crm/proposta/status?DT_Inicio=20260301&DT_Fim=20260315');
  expect(success).toHaveBeenCalledWith(FOLLOWUP_TEXT.statusChanged, expect.anything());
});

/** The dropdown's options, value and text. */
const statusOptions = async (ade = 'ADE0001') => {
  const status = (await screen.findByRole('combobox', { name: `Status da proposta ${ade}` })) as HTMLSelectElement;
  await waitFor(() => expect(status.options.length).toBeGreaterThan(0));
  return { status, options: () => [...status.options].map((option) => option.text) };
};

// docs/rules.md "Proposal status by role": the dropdown offers what the API would accept from this person.
it.each([
  [
    'an attendant, on their own Digitada proposal: only Cancelada besides it',
    { ID_Pessoa: 7, ID_Funcao: ROLE.ATENDENTE },
    20,
    ['Digitada', 'Cancelada'],
  ],
  [
    'a supervisor, Digitada: neither Aprovada nor Paga',
    { ID_Funcao: ROLE.SUPERVISOR },
    20,
    ['Aguardando digitação', 'Digitada', 'Cancelada'],
  ],
  ['a manager, Digitada: every status', { ID_Funcao: ROLE.GERENTE }, 20, ['Aguardando digitação', 'Digitada', 'Paga', 'Cancelada']],
  ['a manager, Paga: every status', { ID_Funcao: ROLE.GERENTE }, 60, ['Aguardando digitação', 'Digitada', 'Paga', 'Cancelada']],
])('the dropdown offers %s', async (_case, person, current, expected) => {
  signIn(person);
  serveFollowup({ pages: [{ rows: [aProposal({ ID_Status: current, DE_Status: current === 60 ? 'Paga' : 'Digitada' })], next: null }] });
  renderScreen(<Followup />, FILTERS);
  const { status, options } = await statusOptions();
  await waitFor(() => expect(options()).toEqual(expected));
  expect(status.disabled).toBe(false);
});

it.each([
  ['an attendant on a Paga proposal of their own', { ID_Pessoa: 7, ID_Funcao: ROLE.ATENDENTE }, 60, 'Paga'],
  ['an attendant on a Digitada proposal of someone else', { ID_Pessoa: 99, ID_Funcao: ROLE.ATENDENTE }, 20, 'Digitada'],
  ['a supervisor on a Paga proposal', { ID_Funcao: ROLE.SUPERVISOR }, 60, 'Paga'],
])('locks the dropdown on the current status for %s, and says why', async (_case, person, current, label) => {
  signIn(person);
  serveFollowup({ pages: [{ rows: [aProposal({ ID_Status: current, DE_Status: label })], next: null }] });
  const put = jest.spyOn(api, 'put');
  renderScreen(<Followup />, FILTERS);
  const { status, options } = await statusOptions();
  await screen.findByRole('option', { name: label });
  expect(options()).toEqual([label]);
  expect(status.disabled).toBe(true);
  expect(status.title).toBe('Seu perfil não pode alterar o status desta proposta.');
  expect(put).not.toHaveBeenCalled();
});

it('an attendant cancels their own proposal from the dropdown', async () => {
  signIn({ ID_Pessoa: 7, ID_Funcao: ROLE.ATENDENTE });
  serveFollowup();
  const put = jest.spyOn(api, 'put').mockResolvedValue(written({ message: FOLLOWUP_TEXT.statusChanged }));
  renderScreen(<Followup />, FILTERS);
  const { status } = await statusOptions();
  await within(status).findByRole('option', { name: 'Cancelada' });
  fireEvent.change(status, { target: { value: '90' } });
  await waitFor(() => expect(put).toHaveBeenCalledWith('/crm/proposta', { PropostaID: 1, ID_Status: 90 }));
});

it('loads the next page by its cursor and stops at the last one', async () => {
  signIn();
  const get = serveFollowup({
    pages: [
      { rows: [aProposal()], next: 'c1' },
      { rows: [aProposal({ ID_Proposta: 2, CO_ADE: 'ADE0002', DE_Pessoa: 'João Lima' })], next: null },
    ],
  });
  renderScreen(<Followup />, FILTERS);
  await screen.findByRole('row', { name: /Maria Souza/ });
  expect(screen.queryByRole('row', { name: /João Lima/ })).toBeNull();

  fireEvent.click(screen.getByRole('button', { name: 'Carregar mais' }));
  await screen.findByRole('row', { name: /João Lima/ });
  expect(screen.getByRole('row', { name: /Maria Souza/ })).toBeTruthy();
  expect(get.listUrls()).toEqual([FIRST_PAGE, `${FIRST_PAGE}?cursor=c1`]);
  expect(screen.queryByRole('button', { name: 'Carregar mais' })).toBeNull();
});

it('opens Resumo da Proposta from the ADE', async () => {
  signIn();
  serveFollowup();
  renderScreen(<Followup />, FILTERS);
  fireEvent.click(await screen.findByRole('button', { name: 'ADE0001' }));

  const summary = within(screen.getByRole('dialog', { name: 'Resumo da Proposta' }));
  expect(summary.getByText('Joana Souza')).toBeTruthy();
  expect(summary.getByText('Praça da Sé')).toBeTruthy();
  expect(summary.getByText('01001-000')).toBeTruthy();
  expect(summary.getByText('98765-0')).toBeTruthy();
  expect(summary.getByText('12/03/1958')).toBeTruthy();
});

it("shows the proposal's status history in Resumo da Proposta: when (São Paulo), who, from → to", async () => {
  signIn();
  const get = serveFollowup();
  renderScreen(<Followup />, FILTERS);
  fireEvent.click(await screen.findByRole('button', { name: 'ADE0001' }));

  const history = within(
    within(screen.getByRole('dialog', { name: 'Resumo da Proposta' })).getByRole('region', { name: 'Histórico de status' }),
  );
  const items = await history.findAllByRole('listitem');
  expect(items.map((item) => item.textContent)).toEqual([
    '15/03/2026 10:00 · Ana Atendente · Registrada em Aguardando digitação',
    '16/03/2026 14:05 · Sara Supervisora · Aguardando digitação → Digitada',
  ]);
  expect(get).toHaveBeenCalledWith('/crm/proposta/1/historico', { signal: expect.any(AbortSignal) });
});

it('exports the filtered proposals as propostas.csv', async () => {
  signIn();
  const get = serveFollowup();
  const saved: string[] = [];
  Object.assign(URL, { createObjectURL: () => 'blob:csv', revokeObjectURL: () => undefined });
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  renderScreen(<Followup />, `${FILTERS}&status=60`);
  await screen.findByRole('row', { name: /Maria Souza/ });

  fireEvent.click(screen.getByRole('button', { name: 'Exportar CSV' }));
  await waitFor(() => expect(saved).toEqual(['propostas.csv']));
  expect(get).toHaveBeenCalledWith('/crm/proposta/csv/60/0/0/0/0/20260301/20260315', { responseType: 'blob' });
});
