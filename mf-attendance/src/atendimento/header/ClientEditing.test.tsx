import { fakeApi, renderScreen, routerLocation } from '@consig/shared/testing';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'react-hot-toast';
import Atendimento from '../Atendimento';
import { UNSAVED_CHANGES_TEXT } from '../client-form/useUnsavedChangesPrompt';
import { aClient, anOperation, envelope } from '../testData';

// 'Salvar' / 'Cancelar' of edit mode, leaving with unsaved edits, and a new CPF.
const saved = aClient({
  DE_Telefone: '11987654321',
  CO_Cep: '01001000',
  DE_Endereco: 'Praça da Sé',
  DE_Bairro: 'Sé',
  DE_Cidade: 'São Paulo',
  SG_Estado: 'SP',
  EM_Email: 'maria@exemplo.com.br',
});
let server: ReturnType<typeof fakeApi>;
let puts: { path: string; body: Record<string, unknown> }[];

function serve(overrides: Record<string, Parameters<typeof fakeApi>[0]> = {}) {
  puts = [];
  server = fakeApi((request) => {
    const path = request.url ?? '';
    if (overrides[path]) return overrides[path](request);
    if (request.method === 'put' && path === '/crm/cliente/7') {
      const body = JSON.parse(request.data as string) as Record<string, unknown>;
      puts.push({ path, body });
      return envelope({ cliente: { ...saved, ...body, CO_Cep: String(body.CO_Cep).replace('-', '') } }, 'Cadastro salvo.');
    }
    if (path === '/crm/cliente/basicoPorID/7') return envelope({ cliente: saved });
    if (path === '/crm/cliente/operacoes/7') return envelope([anOperation()]);
    if (path.endsWith('/telefones/7') || path.endsWith('/7/ligacoes') || path === '/atendente') return envelope([]);
    if (path === '/atendente/status') return { body: { success: true, text: '', ID_Status: 81 } };
    return { status: 404, body: { success: false, text: 'Recurso não encontrado.' } };
  });
}

afterEach(() => {
  server.restore();
  jest.restoreAllMocks();
});

async function editClient() {
  renderScreen(<Atendimento />, '/atendimento?clientId=7');
  const card = within(await screen.findByRole('region', { name: 'Cadastro' }));
  expect(card.queryByRole('button', { name: 'Salvar' })).toBeNull();
  fireEvent.click(card.getByRole('button', { name: 'Mostrar dados' }));
  fireEvent.click(card.getByRole('button', { name: 'Editar cadastro' }));
  return { card, form: within(screen.getByRole('form', { name: 'Dados do cliente' })) };
}

it("'Salvar' sends the form to PUT /crm/cliente/{id}, shows the server's text and leaves edit mode", async () => {
  serve();
  const success = jest.spyOn(toast, 'success');
  const { card, form } = await editClient();
  fireEvent.change(form.getByLabelText('Endereço'), { target: { value: 'Rua Nova' } });
  await act(async () => void fireEvent.click(card.getByRole('button', { name: 'Salvar' })));
  await waitFor(() => expect(puts).toHaveLength(1));
  expect(puts[0].body).toMatchObject({ ClienteID: 7, DE_Endereco: 'Rua Nova', CO_CPF: '11144477735' });
  await waitFor(() => expect(success).toHaveBeenCalledWith('Cadastro salvo.', { duration: 5000 }));
  await waitFor(() => expect(card.queryByRole('button', { name: 'Salvar' })).toBeNull());
  expect(card.getByRole('button', { name: 'Editar cadastro' }).getAttribute('aria-pressed')).toBe('false');
  expect((form.getByLabelText('Endereço') as HTMLInputElement).value).toBe('Rua Nova');
});

it("'Salvar' with a field the full-mode rules refuse shows it under the field and sends nothing", async () => {
  serve();
  const { card, form } = await editClient();
  fireEvent.change(form.getByLabelText('E-mail'), { target: { value: 'maria@' } });
  await act(async () => void fireEvent.click(card.getByRole('button', { name: 'Salvar' })));
  expect(await form.findByText('Email inválido.')).toBeTruthy();
  expect(puts).toEqual([]);
});

it("a 400 of the server reads as the field's label and shows under the field", async () => {
  serve({
    '/crm/cliente/7': (request) =>
      request.method === 'put'
        ? { status: 400, body: { success: false, text: 'CO_Banco: Código inexistente.' } }
        : envelope({ cliente: saved }),
  });
  const error = jest.spyOn(toast, 'error');
  const { card, form } = await editClient();
  await act(async () => void fireEvent.click(card.getByRole('button', { name: 'Salvar' })));
  await waitFor(() => expect(error).toHaveBeenCalledWith('Banco: Código inexistente.', { duration: 5000 }));
  expect(form.getByText('Código inexistente.')).toBeTruthy();
});

it("'Cancelar' drops the edits and leaves edit mode; leaving with unsaved edits asks first", async () => {
  serve();
  const { card, form } = await editClient();
  const street = form.getByLabelText('Endereço') as HTMLInputElement;
  fireEvent.change(street, { target: { value: 'Rua Rascunho' } });

  // Reloading or closing the tab: the browser's own question.
  const unload = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(unload);
  expect(unload.defaultPrevented).toBe(true);
  // An in-app link: asked first; 'Cancelar' stays.
  const link = document.createElement('a');
  link.href = '/dashboard';
  document.body.append(link);
  const confirm = jest.spyOn(window, 'confirm').mockReturnValue(false);
  const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
  link.dispatchEvent(click);
  expect(confirm).toHaveBeenCalledWith(UNSAVED_CHANGES_TEXT);
  expect(click.defaultPrevented).toBe(true);

  fireEvent.click(card.getByRole('button', { name: 'Cancelar' }));
  await waitFor(() => expect(street.value).toBe('Praça da Sé'));
  expect(card.queryByRole('button', { name: 'Salvar' })).toBeNull();
  const after = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(after);
  expect(after.defaultPrevented).toBe(false);
  link.remove();
  expect(puts).toEqual([]);
});

describe("'Novo Cliente' with a CPF that no base knows", () => {
  const created = aClient({ ClienteID: 42, DE_Pessoa: '', CO_CPF: '11144477735' });

  function serveUnknown() {
    serve({
      '/crm/cliente/basico/11144477735?cadastrar=0': () => ({
        status: 404,
        body: { success: false, text: 'CPF não encontrado na base. Cadastrar novo cliente?' },
      }),
      '/crm/cliente/basico/11144477735': () => envelope({ cliente: created }, 'Cliente cadastrado.'),
      '/crm/cliente/basicoPorID/42': () => envelope({ cliente: created }),
      '/crm/cliente/operacoes/42': () => envelope([anOperation({ ID_Cliente: 42, ID_TipoCredito: 5 })]),
      '/crm/cliente/telefones/42': () => envelope([]),
      '/crm/cliente/42/ligacoes': () => envelope([]),
    });
  }

  async function askFor(cpf: string) {
    renderScreen(<Atendimento />, '/atendimento');
    fireEvent.click(screen.getByRole('button', { name: 'Novo Cliente' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Novo Cliente' }));
    fireEvent.change(dialog.getByLabelText('CPF'), { target: { value: cpf } });
    await act(async () => void fireEvent.click(dialog.getByRole('button', { name: 'Mudar' })));
    return dialog;
  }

  it('asks before creating; confirming creates it and opens it in edit mode', async () => {
    serveUnknown();
    const error = jest.spyOn(toast, 'error');
    const dialog = await askFor('11144477735');
    expect((await dialog.findByRole('alert')).textContent).toBe('CPF não encontrado na base. Cadastrar novo cliente?');
    expect(error).not.toHaveBeenCalledWith('CPF não encontrado na base. Cadastrar novo cliente?', expect.anything());
    expect(server.requests).not.toContain('GET /crm/cliente/basico/11144477735');

    await act(async () => void fireEvent.click(dialog.getByRole('button', { name: 'Cadastrar' })));
    await waitFor(() => expect(routerLocation.current).toBe('/atendimento?clientId=42'));
    expect(server.requests).toContain('GET /crm/cliente/basico/11144477735');
    const card = within(await screen.findByRole('region', { name: 'Cadastro' }));
    await waitFor(() => expect(card.getByRole('button', { name: 'Editar cadastro' }).getAttribute('aria-pressed')).toBe('true'));
    expect(card.getByRole('button', { name: 'Salvar' })).toBeTruthy();
    const form = screen.getByRole('form', { name: 'Dados do cliente' }) as HTMLFormElement;
    expect(form.hidden).toBe(false);
    expect((within(form).getByLabelText('CPF') as HTMLInputElement).value).toBe('111.444.777-35');
  });

  it("'Cancelar' of the question creates nothing and asks for a CPF again", async () => {
    serveUnknown();
    const dialog = await askFor('11144477735');
    fireEvent.click(await dialog.findByRole('button', { name: 'Cancelar' }));
    expect(dialog.getByLabelText('CPF')).toBeTruthy();
    expect(server.requests).not.toContain('GET /crm/cliente/basico/11144477735');
  });

  it("an invalid CPF says 'CPF inválido.' and asks nothing of the server", async () => {
    serveUnknown();
    const dialog = await askFor('11144477736');
    expect(await dialog.findByText('CPF inválido.')).toBeTruthy();
    expect(server.requests.some((request) => request.includes('/crm/cliente/basico/'))).toBe(false);
  });
});
