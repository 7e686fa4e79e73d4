import { DATA_SUBJECT_TEXT, session } from '@consig/shared';
import { fakeApi, renderScreen, signIn } from '@consig/shared/testing';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DataSubjectPanel } from './DataSubjectPanel';

const CPF = '11144477735';
const REASON = DATA_SUBJECT_TEXT.proposalInProgress('0000000123', 'Em análise no banco');

interface Sent {
  method: string;
  url: string;
  body: unknown;
}

const summary = (allowed: boolean) => ({
  ID_Cliente: 7,
  DE_CPFParcial: '***.444.777-**',
  DE_Titular: 'Maria D. L.',
  TS_Anonimizacao: null,
  contagens: [
    { CO_Categoria: 'telefones', DE_Categoria: 'Telefones', NU_Registros: 2 },
    { CO_Categoria: 'propostas', DE_Categoria: 'Propostas', NU_Registros: 1 },
  ],
  SN_PodeAnonimizar: allowed ? 1 : 0,
  motivos: allowed ? [] : [REASON],
});

/** The API of one person (CPF 111.444.777-35); every other CPF is unknown. Records every write. */
function serve({ allowed = true } = {}) {
  const sent: Sent[] = [];
  const server = fakeApi((request) => {
    const url = request.url ?? '';
    const body = typeof request.data === 'string' ? JSON.parse(request.data) : request.data;
    if (!url.startsWith(`/cadastros/titulares/${CPF}`)) return { status: 404, body: { success: false, text: DATA_SUBJECT_TEXT.notFound } };
    if (request.method === 'get' && url.endsWith('/exportacao')) {
      sent.push({ method: 'get', url, body: request.responseType });
      return {
        body: new Blob(['{}'], { type: 'application/json' }),
        headers: { 'content-disposition': 'attachment; filename="titular-444777-2026-11-27.json"' },
      };
    }
    if (request.method === 'get') return { body: { success: true, text: '', data: summary(allowed) } };
    sent.push({ method: request.method ?? '', url, body });
    if (url.endsWith('/nao-perturbe')) {
      return {
        body: {
          success: true,
          text: '2 telefone(s) incluído(s) no Não Me Perturbe; 0 já estava(m) na lista.',
          data: { NU_Telefones: 2, NU_Incluidos: 2, NU_JaExistentes: 0 },
        },
      };
    }
    if (!allowed) return { status: 409, body: { success: false, text: `${DATA_SUBJECT_TEXT.refused} ${REASON}` } };
    return {
      body: {
        success: true,
        text: 'Titular anonimizado. 1 proposta(s) mantida(s) com os dados que a lei exige guardar.',
        data: {
          ID_Cliente: 7,
          NU_Telefones: 2,
          NU_Documentos: 0,
          NU_Gravacoes: 0,
          NU_Ligacoes: 0,
          NU_Fila: 0,
          NU_Simulacoes: 0,
          NU_Operacoes: 0,
          NU_Chamados: 0,
          NU_AcessosPorCpf: 0,
          NU_LinhasImportacao: 0,
          NU_PropostasMantidas: 1,
        },
      },
    };
  });
  return { server, sent };
}

let served: ReturnType<typeof serve>;
beforeEach(() => signIn({ ID_Funcao: 13 }));
afterEach(() => {
  served.server.restore();
  session.signOut();
  jest.restoreAllMocks();
});

/** Types the CPF (with its punctuation, as the mask writes it) and asks. */
async function consult(cpf: string) {
  fireEvent.change(screen.getByLabelText('CPF do titular'), { target: { value: cpf } });
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Consultar' })));
}

test('refuses an invalid CPF without asking, and says so when nobody holds a valid one', async () => {
  served = serve();
  renderScreen(<DataSubjectPanel />);
  await consult('111.444.777-00');
  expect(screen.getByText('CPF inválido.')).toBeTruthy();
  expect(served.server.requests).toEqual([]);

  await consult('529.982.247-25');
  expect(await screen.findByRole('alert')).toHaveProperty('textContent', expect.stringContaining(DATA_SUBJECT_TEXT.notFound));
  expect(served.server.requests).toEqual(['GET /cadastros/titulares/52998224725']);
});

test('shows the person masked and the counts, downloads the JSON through the API client, and lists the phones as do-not-call', async () => {
  served = serve();
  const saved: string[] = [];
  Object.assign(URL, { createObjectURL: () => 'blob:json', revokeObjectURL: () => undefined });
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  renderScreen(<DataSubjectPanel />);
  await consult('111.444.777-35');
  expect(await screen.findByRole('heading', { name: 'Maria D. L. ***.444.777-**' })).toBeTruthy();
  const counts = within(screen.getByLabelText('Registros por categoria'));
  expect(counts.getByText('Telefones').nextSibling?.textContent).toBe('2');
  expect(counts.getByText('Propostas').nextSibling?.textContent).toBe('1');
  expect(screen.queryByRole('note')).toBeNull();

  fireEvent.click(screen.getByRole('button', { name: 'Baixar dados (JSON)' }));
  await waitFor(() => expect(saved).toEqual(['titular-444777-2026-11-27.json']));
  expect(served.sent).toEqual([{ method: 'get', url: `/cadastros/titulares/${CPF}/exportacao`, body: 'blob' }]);

  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Incluir telefones no Não Me Perturbe' })));
  await waitFor(() => expect(served.sent).toHaveLength(2));
  expect(served.sent[1]).toEqual({ method: 'post', url: `/cadastros/titulares/${CPF}/nao-perturbe`, body: undefined });
  expect(await screen.findByText('2 telefone(s) incluído(s) no Não Me Perturbe; 0 já estava(m) na lista.')).toBeTruthy();
});

test("'Anonimizar' asks for the CPF again; 'Cancelar' sends nothing, another CPF is refused before sending, the right one anonymises", async () => {
  served = serve();
  renderScreen(<DataSubjectPanel />);
  await consult('111.444.777-35');
  await screen.findByRole('heading', { name: 'Maria D. L. ***.444.777-**' });

  fireEvent.click(screen.getByRole('button', { name: 'Anonimizar' }));
  fireEvent.click(within(screen.getByRole('dialog', { name: 'Anonimizar titular' })).getByRole('button', { name: 'Cancelar' }));
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(served.sent).toEqual([]);

  fireEvent.click(screen.getByRole('button', { name: 'Anonimizar' }));
  const dialog = screen.getByRole('dialog', { name: 'Anonimizar titular' });
  fireEvent.change(within(dialog).getByLabelText('Digite de novo o CPF do titular'), { target: { value: '111.444.777-3' } });
  await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Anonimizar' })));
  expect(within(dialog).getByText('CPF inválido.')).toBeTruthy();
  expect(served.sent).toEqual([]);

  fireEvent.change(within(dialog).getByLabelText('Digite de novo o CPF do titular'), { target: { value: '111.444.777-35' } });
  await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Anonimizar' })));
  await waitFor(() =>
    expect(served.sent).toEqual([{ method: 'post', url: `/cadastros/titulares/${CPF}/anonimizacao`, body: { CO_CPFConfirmacao: CPF } }]),
  );
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
});

test('shows why anonymisation is not allowed now, and the refusal stays in the dialog with the server’s text', async () => {
  served = serve({ allowed: false });
  renderScreen(<DataSubjectPanel />);
  await consult('111.444.777-35');
  const note = await screen.findByRole('note', { name: 'Anonimização não permitida agora' });
  expect(within(note).getByText(REASON)).toBeTruthy();

  fireEvent.click(screen.getByRole('button', { name: 'Anonimizar' }));
  const dialog = screen.getByRole('dialog', { name: 'Anonimizar titular' });
  fireEvent.change(within(dialog).getByLabelText('Digite de novo o CPF do titular'), { target: { value: '11144477735' } });
  await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Anonimizar' })));
  expect((await within(dialog).findByRole('alert')).textContent).toBe(`${DATA_SUBJECT_TEXT.refused} ${REASON}`);
  expect(screen.getByRole('dialog', { name: 'Anonimizar titular' })).toBeTruthy();
});
