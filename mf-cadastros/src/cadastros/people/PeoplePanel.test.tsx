import { session, TOAST_MS, type PersonRow } from '@consig/shared';
import { fakeApi, renderScreen, signIn } from '@consig/shared/testing';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'react-hot-toast';
import Cadastros from '../Cadastros';

const person = (id: number, name: string, role: 11 | 12 | 13, extra: Partial<PersonRow> = {}): PersonRow => ({
  ID_Pessoa: id,
  DE_Pessoa: name,
  EM_Email: `${name.split(' ')[0].toLowerCase()}@empresa.com.br`,
  ID_Funcao: role,
  DE_Funcao: { 11: 'Atendente', 12: 'Supervisor', 13: 'Gerente' }[role],
  SN_Telefonia: role === 11 ? 1 : 0,
  NU_Ramal: role === 11 ? `10${id}` : null,
  SN_Ativo: 1,
  SN_TrocarSenha: 0,
  ID_Supervisor: null,
  DE_Supervisor: null,
  ...extra,
});

const PEOPLE = [person(1, 'Ana Souza', 11), person(2, 'Bruno Lima', 12), person(3, 'Carla Dias', 13)];

interface Sent {
  method: string;
  url: string;
  params?: unknown;
  body?: unknown;
}

/** `invited`: the API e-mailed the new person an invitation (SMTP set), so it answers no password. */
function serve({ invited = false } = {}) {
  const sent: Sent[] = [];
  const server = fakeApi((request) => {
    const body = typeof request.data === 'string' ? JSON.parse(request.data) : request.data;
    sent.push({ method: request.method ?? '', url: request.url ?? '', params: request.params, body });
    if (request.method === 'get') return { body: { success: true, text: '', data: PEOPLE } };
    if (request.url === '/cadastros/pessoas') {
      return {
        body: {
          success: true,
          text: invited
            ? `Pessoa cadastrada: ${body.DE_Pessoa}. Enviamos um convite para ${body.EM_Email} criar a senha.`
            : 'Pessoa cadastrada.',
          data: {
            ...person(9, body.DE_Pessoa, body.ID_Funcao),
            EM_Email: body.EM_Email,
            SN_TrocarSenha: 1,
            PW_Temporaria: invited ? null : 'girafa-tomada-nuvem-azul',
          },
        },
      };
    }
    if (request.url?.endsWith('/desativar'))
      return { body: { success: true, text: 'Pessoa desativada.', data: { ...PEOPLE[0], SN_Ativo: 0 } } };
    return { status: 400, body: { success: false, text: 'inesperado' } };
  });
  return { server, writes: () => sent.filter((request) => request.method !== 'get'), reads: () => sent.filter((r) => r.method === 'get') };
}

let served: ReturnType<typeof serve>;
afterEach(() => {
  served.server.restore();
  session.signOut();
});

const rows = () =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0].textContent);

test("a manager sees the company's active people first, and every action on each of them but deactivating themself", async () => {
  signIn({ ID_Funcao: 13, ID_Pessoa: 3 });
  served = serve();
  renderScreen(<Cadastros />, '/cadastros');
  expect(await screen.findByText('3 pessoa(s).')).toBeTruthy();
  expect(rows()).toEqual(['Ana Souza', 'Bruno Lima', 'Carla Dias']);
  expect(served.reads()[0].url).toBe('/cadastros/pessoas?SN_Ativo=1');
  expect(screen.getByRole('button', { name: 'Desativar Bruno Lima' })).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Editar Carla Dias' })).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Desativar Carla Dias' })).toBeNull();
});

test('a supervisor may act on attendants only, and give no role but Atendente', async () => {
  signIn({ ID_Funcao: 12, ID_Pessoa: 2 });
  served = serve();
  renderScreen(<Cadastros />, '/cadastros');
  await screen.findByText('3 pessoa(s).');
  expect(screen.getByRole('button', { name: 'Editar Ana Souza' })).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Editar Bruno Lima' })).toBeNull();
  expect(screen.queryByRole('button', { name: 'Editar Carla Dias' })).toBeNull();
  fireEvent.click(screen.getByRole('button', { name: 'Nova pessoa' }));
  const role = within(screen.getByRole('dialog', { name: 'Nova pessoa' })).getByLabelText('Função');
  expect(
    within(role)
      .getAllByRole('option')
      .map((option) => option.textContent),
  ).toEqual(['Atendente']);
});

test("'Nova pessoa' checks the form by the API's rules, sends it, and shows the temporary password once", async () => {
  signIn({ ID_Funcao: 13, ID_Pessoa: 3 });
  served = serve();
  renderScreen(<Cadastros />, '/cadastros');
  await screen.findByText('3 pessoa(s).');
  fireEvent.click(screen.getByRole('button', { name: 'Nova pessoa' }));
  const dialog = screen.getByRole('dialog', { name: 'Nova pessoa' });
  fireEvent.change(within(dialog).getByLabelText('E-mail'), { target: { value: 'não é e-mail' } });
  await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Cadastrar' })));
  expect(within(dialog).getByText('Informe o nome.')).toBeTruthy();
  expect(within(dialog).getByText('Email inválido.')).toBeTruthy();
  expect(served.writes()).toEqual([]);

  fireEvent.change(within(dialog).getByLabelText('Nome'), { target: { value: 'Diego Alves' } });
  fireEvent.change(within(dialog).getByLabelText('E-mail'), { target: { value: 'Diego@Empresa.com.br' } });
  fireEvent.change(within(dialog).getByLabelText('Supervisor'), { target: { value: '2' } });
  await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Cadastrar' })));
  await waitFor(() => expect(served.writes()).toHaveLength(1));
  expect(served.writes()[0]).toMatchObject({
    method: 'post',
    url: '/cadastros/pessoas',
    body: { DE_Pessoa: 'Diego Alves', EM_Email: 'diego@empresa.com.br', ID_Funcao: 11, SN_Telefonia: 1, NU_Ramal: '', ID_Supervisor: 2 },
  });
  const shown = await screen.findByRole('dialog', { name: 'Senha temporária' });
  expect(within(shown).getByLabelText('Senha temporária').textContent).toBe('girafa-tomada-nuvem-azul');
  fireEvent.click(within(shown).getByRole('button', { name: 'Concluir' }));
  expect(screen.queryByText('girafa-tomada-nuvem-azul')).toBeNull();
});

test("'Nova pessoa' with an invitation e-mailed says so and shows no password", async () => {
  signIn({ ID_Funcao: 13, ID_Pessoa: 3 });
  served = serve({ invited: true });
  const success = jest.spyOn(toast, 'success');
  renderScreen(<Cadastros />, '/cadastros');
  await screen.findByText('3 pessoa(s).');
  fireEvent.click(screen.getByRole('button', { name: 'Nova pessoa' }));
  const dialog = screen.getByRole('dialog', { name: 'Nova pessoa' });
  fireEvent.change(within(dialog).getByLabelText('Nome'), { target: { value: 'Diego Alves' } });
  fireEvent.change(within(dialog).getByLabelText('E-mail'), { target: { value: 'diego@empresa.com.br' } });
  await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Cadastrar' })));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(success).toHaveBeenCalledWith('Pessoa cadastrada: Diego Alves. Enviamos um convite para diego@empresa.com.br criar a senha.', {
    duration: TOAST_MS.screens,
  });
  success.mockRestore();
});

test("'Desativar' asks first, and sends nothing on 'Cancelar'", async () => {
  signIn({ ID_Funcao: 13, ID_Pessoa: 3 });
  served = serve();
  renderScreen(<Cadastros />, '/cadastros');
  await screen.findByText('3 pessoa(s).');
  fireEvent.click(screen.getByRole('button', { name: 'Desativar Ana Souza' }));
  fireEvent.click(within(screen.getByRole('dialog', { name: 'Desativar Ana Souza' })).getByRole('button', { name: 'Cancelar' }));
  expect(served.writes()).toEqual([]);
  fireEvent.click(screen.getByRole('button', { name: 'Desativar Ana Souza' }));
  await act(async () => fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Desativar' })));
  await waitFor(() =>
    expect(served.writes()).toEqual([expect.objectContaining({ method: 'post', url: '/cadastros/pessoas/1/desativar' })]),
  );
});
