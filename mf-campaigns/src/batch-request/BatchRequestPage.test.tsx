import { Route, Routes } from 'react-router-dom';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'react-hot-toast';
import { fakeApi, renderScreen, routerLocation, type FakeAnswer } from '@consig/shared/testing';
import { BatchRequestPage } from './BatchRequestPage';
import { currentSaoPauloYear } from './inputs';

const ok = (data: unknown, text = ''): FakeAnswer => ({ body: { success: true, text, data } });
const campaign = {
  CampanhaID: 7,
  DE_Campanha: 'Aposentados MG',
  CO_Campanha: 'CMP-0007',
  ID_Orgao: 4,
  ID_Status: 1,
  importacao: null,
  NU_Higienizados: 0,
  NU_Importados: 0,
  TS_Baixa: null,
  TS_Solicitacao: null,
};

let server: ReturnType<typeof fakeApi>;
let sentBodies: unknown[];

beforeEach(() => {
  sentBodies = [];
  server = fakeApi((request) => {
    if (request.method === 'post' && request.url === '/cadastro/campanha/loteverz') {
      sentBodies.push(JSON.parse(String(request.data)));
      return ok({ NU_Clientes: 500, ID_Importacao: 3 }, 'Lote solicitado.');
    }
    if (request.url === '/cadastro/especie') return ok([{ EspecieID: 41, DE_Especie: 'Aposentadoria por idade' }]);
    if (request.url === '/cadastro/banco/comcodigo') return ok([{ BancoID: 1, DE_Banco: 'Banco do Brasil' }]);
    if (request.url === '/cadastro/estado')
      return ok([
        { SG_Estado: 'SP', DE_Estado: 'São Paulo' },
        { SG_Estado: 'RJ', DE_Estado: 'Rio de Janeiro' },
      ]);
    if (request.url === '/cadastro/campanhas') return ok([campaign]);
    return { status: 404, body: { success: false, text: 'Recurso não encontrado.' } };
  });
});

afterEach(() => {
  server.restore();
  jest.restoreAllMocks();
});

/** The page where the remote mounts it, next to a stand-in for the campaign list. */
const openPage = (agency: number | string, path = 'solicitar-lotes-inss/7') =>
  renderScreen(
    <Routes>
      <Route path="/campanhas" element={<p>Lista de campanhas</p>} />
      <Route path="/campanhas/:segment/:id" element={<BatchRequestPage notFound={<p>Página não encontrada.</p>} />} />
    </Routes>,
    `/campanhas/${path}?ID_Orgao=${agency}`,
  );

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement & HTMLSelectElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Solicitar lote' }));

test("a half-filled pair shows 'Preencha todos ou nenhum.' under its empty side and sends nothing", async () => {
  openPage(4);
  type('Salário mínimo', '100000');
  submit();
  const maximum = field('Salário máximo');
  await waitFor(() => expect(maximum.getAttribute('aria-invalid')).toBe('true'));
  expect(document.getElementById(maximum.getAttribute('aria-describedby')!)?.textContent).toBe('Preencha todos ou nenhum.');
  expect(field('Salário mínimo').getAttribute('aria-invalid')).toBe('false');
  expect(sentBodies).toEqual([]);
});

test('money inputs take digits only and show pt-BR with two decimals; the rate stops at 5 characters', () => {
  openPage(4);
  type('Salário mínimo', 'R$ 1a2345');
  expect(field('Salário mínimo').value).toBe('123,45');
  type('PMT mínima', '123456789');
  expect(field('PMT mínima').value).toBe('1.234.567,89');
  type('Taxa mínima', '123456');
  expect(field('Taxa mínima').value).toBe('12,34');
  type('Taxa mínima', '1,85');
  expect(field('Taxa mínima').value).toBe('1,85');
});

test('sends the filters: birth years as ages, the rest as typed, empty values and zero terms as null', async () => {
  const success = jest.spyOn(toast, 'success');
  openPage(4);
  await screen.findByRole('option', { name: 'São Paulo' });
  type('Ano de nascimento inicial', '1960');
  type('Ano de nascimento final', '1990');
  type('Prazo mínimo', '0');
  type('Prazo máximo', '0');
  type('Salário mínimo', '150000');
  type('Salário máximo', '300050');
  // Pasted with more decimals than the field keeps: 1.85 is sent, never 18.51.
  type('Taxa mínima', '1,85123');
  expect(field('Taxa mínima').value).toBe('1,85');
  fireEvent.change(field('RCM utilizado'), { target: { value: 'sim' } });
  type('Tipo de recebimento', '1');
  const states = field('Estados');
  (states.querySelector('option[value="SP"]') as HTMLOptionElement).selected = true;
  fireEvent.change(states);
  type('Limite de clientes', '500');
  submit();

  await waitFor(() => expect(sentBodies).toHaveLength(1));
  const year = currentSaoPauloYear();
  expect(sentBodies[0]).toEqual({
    ID_Campanha: 7,
    MN_Idade: year - 1990,
    MX_Idade: year - 1960,
    MN_Prazo: null,
    MX_Prazo: null,
    MN_Salario: '1500.00',
    MX_Salario: '3000.50',
    MN_ParcelaPaga: null,
    MX_ParcelaPaga: null,
    MN_Margem35: null,
    MX_Margem35: null,
    MN_Cep: null,
    MX_Cep: null,
    MN_Pmt: null,
    MX_Pmt: null,
    MN_Contratos: null,
    MX_Contratos: null,
    MN_InicioBeneficio: null,
    MX_InicioBeneficio: null,
    MN_Taxa: '1.85',
    SN_Representante: null,
    SN_RcmUtilizado: true,
    TP_Beneficio: 1,
    NU_Clientes: 500,
    especies: [],
    bancoEmprestimo: [],
    bancoPagamento: [],
    estados: ['SP'],
  });
  expect(server.requests).toContain('POST /cadastro/campanha/loteverz');
  await waitFor(() => expect(success).toHaveBeenCalledWith('Lote solicitado.', { duration: 3000 }));
});

test('agency 2 says the feature is only for FGTS and INSS, and shows no form', () => {
  openPage(2);
  expect(screen.getByText('Recurso atualmente disponível apenas para FGTS e INSS')).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Solicitar lote' })).toBeNull();
  expect(screen.getByRole('button', { name: 'Voltar' })).toBeTruthy();
});

test("'Limpar campos' empties every field", () => {
  openPage(4);
  type('Salário mínimo', '100000');
  type('Ano de nascimento inicial', '1970');
  type('Limite de clientes', '50');
  fireEvent.click(screen.getByRole('button', { name: 'Limpar campos' }));
  expect(field('Salário mínimo').value).toBe('');
  expect(field('Ano de nascimento inicial').value).toBe('');
  expect(field('Limite de clientes').value).toBe('');
});

test("'Voltar' goes back to /campanhas", async () => {
  openPage(4);
  fireEvent.click(screen.getByRole('button', { name: 'Voltar' }));
  await waitFor(() => expect(routerLocation.current).toBe('/campanhas'));
  expect(screen.getByText('Lista de campanhas')).toBeTruthy();
});

test('agency 1 opens with its default profile, every filter shown; a profile of §9 shows its own filters', () => {
  openPage(1, 'solicitar-lotes-fgts/7');
  const profile = field('Perfil');
  expect(profile.value).toBe('10');
  expect(Array.from(profile.options, (option) => option.textContent)).toEqual([
    'Selecione',
    'Personalizado',
    'Margem',
    'Port/refin',
    'Cartão',
    'Entrantes',
    'Não Tomadores',
  ]);
  expect(screen.getByLabelText('PMT mínima')).toBeTruthy();
  fireEvent.change(profile, { target: { value: '3' } });
  expect(screen.queryByLabelText('PMT mínima')).toBeNull();
  expect(screen.getByLabelText('Salário mínimo')).toBeTruthy();
});

test('an FGTS campaign never shows the INSS benefit and margin filters, whatever the profile', () => {
  openPage(1, 'solicitar-lotes-fgts/7');
  const inssOnly = [
    'Espécies',
    'Início do benefício de',
    'Tipo de recebimento',
    'Representante',
    'RCM utilizado',
    'Bancos de pagamento',
    'Margem 35% mínima',
  ];
  for (const profile of ['10', '0', '1', '3', '4', '5']) {
    fireEvent.change(field('Perfil'), { target: { value: profile } });
    for (const label of inssOnly)
      expect({ profile, label, shown: screen.queryByLabelText(label) !== null }).toEqual({ profile, label, shown: false });
  }
  // The INSS page shows them.
  cleanup();
  openPage(4);
  for (const label of inssOnly) expect(screen.getByLabelText(label)).toBeTruthy();
});

test('names the campaign the batch fills and its agency', async () => {
  openPage(4);
  const target = screen.getByLabelText('Destino do lote');
  expect(await within(target).findByText('CMP-0007 - Aposentados MG')).toBeTruthy();
  expect(within(target).getByText('INSS')).toBeTruthy();
});

test('INSS campaigns have no profile choice', () => {
  openPage(4);
  expect(screen.queryByLabelText('Perfil')).toBeNull();
});

test('another first segment, or an id that is not a number, is not found', () => {
  const { unmount } = openPage(4, 'outra-coisa/7');
  expect(screen.getByText('Página não encontrada.')).toBeTruthy();
  unmount();
  openPage(4, 'solicitar-lotes-inss/abc');
  expect(screen.getByText('Página não encontrada.')).toBeTruthy();
});
