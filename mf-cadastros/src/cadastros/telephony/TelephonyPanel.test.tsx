import { COMPANY_NUMBER_TEXT, session, type CompanyNumberRow } from '@consig/shared';
import { bodyCellTexts, fakeApi, renderScreen, signIn, type FakeAnswer } from '@consig/shared/testing';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { TelephonyPanel } from './TelephonyPanel';
import { TelephonySettingsSection } from './TelephonySettingsSection';

const NUMBERS: CompanyNumberRow[] = [
  {
    ID_Numero: 1,
    NU_Numero: '1130030303',
    DE_Numero: 'Central SP',
    SN_Principal: 1,
    SN_Entrada: 1,
    campanhas: [
      { ID_Campanha: 2, DE_Campanha: 'FGTS Saque-Aniversário' },
      { ID_Campanha: 3, DE_Campanha: 'INSS Margem Livre RJ' },
    ],
  },
  { ID_Numero: 2, NU_Numero: '03031234567', DE_Numero: 'Vendas', SN_Principal: 0, SN_Entrada: 0, campanhas: [] },
  {
    ID_Numero: 3,
    NU_Numero: '1140044004',
    DE_Numero: 'Campanhas INSS',
    SN_Principal: 0,
    SN_Entrada: 1,
    campanhas: [{ ID_Campanha: 1, DE_Campanha: 'INSS Aposentados SP' }],
  },
];
const IN_USE = 'Este número é o de saída da(s) campanha(s) INSS Aposentados SP: escolha outro número para ela(s) antes de removê-lo.';

interface Sent {
  method: string;
  url: string;
  body: unknown;
}

const settingsOf = (days: number): FakeAnswer => ({
  body: { success: true, text: '', data: { NU_DiasGravacao: days, NU_LimitePosAtendimento: 60 } },
});
/** How the server answers GET /cadastros/empresa/telefonia now. */
let settingsAnswer: FakeAnswer;

/** The numbers and the settings; records every write, refuses removing a number campaigns call from (409). */
function serve() {
  settingsAnswer = settingsOf(90);
  const sent: Sent[] = [];
  const server = fakeApi((request) => {
    const body = typeof request.data === 'string' ? JSON.parse(request.data) : request.data;
    if (request.method === 'get' && request.url === '/cadastros/numeros') return { body: { success: true, text: '', data: NUMBERS } };
    if (request.method === 'get') return settingsAnswer;
    sent.push({ method: request.method ?? '', url: request.url ?? '', body });
    if (request.method === 'delete' && request.url === '/cadastros/numeros/3')
      return { status: 409, body: { success: false, text: IN_USE } };
    if (request.method === 'delete') return { body: { success: true, text: 'Número removido.' } };
    if (request.url === '/cadastros/empresa/telefonia') return { body: { success: true, text: 'Telefonia salva.', data: body } };
    return { body: { success: true, text: 'Número salvo.', data: { ...body, ID_Numero: 9, campanhas: [] } } };
  });
  return { server, sent };
}

let served: ReturnType<typeof serve>;
beforeEach(() => {
  served = serve();
});
afterEach(() => {
  served.server.restore();
  session.signOut();
});

const rows = () => bodyCellTexts(5);
const SETTINGS = { name: 'Gravações e pós-atendimento' };
const settingsForm = () => screen.getByRole('form', SETTINGS);

test('a manager sees every number written as Brazilians write it, which is main and inbound, and the campaigns using it', async () => {
  signIn({ ID_Funcao: 13 });
  renderScreen(<TelephonyPanel />, '/cadastros?aba=telefonia');
  await screen.findByRole('table');
  expect(rows()).toEqual([
    ['(11) 3003-0303', 'Central SP', 'Sim', 'Sim', 'FGTS Saque-Aniversário, INSS Margem Livre RJ'],
    ['0303 123 4567', 'Vendas', 'Não', 'Não', '—'],
    ['(11) 4004-4004', 'Campanhas INSS', 'Não', 'Sim', 'INSS Aposentados SP'],
  ]);
  expect(screen.getByRole('button', { name: 'Novo número' })).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Remover (11) 4004-4004' })).toBeTruthy();
  await screen.findByRole('form', SETTINGS);
  expect((within(settingsForm()).getByLabelText('Retenção das gravações (dias)') as HTMLInputElement).value).toBe('90');
  expect((within(settingsForm()).getByLabelText('Limite de pós-atendimento (segundos)') as HTMLInputElement).value).toBe('60');
});

test('a supervisor reads the numbers and the settings, and may change nothing', async () => {
  signIn({ ID_Funcao: 12 });
  renderScreen(<TelephonyPanel />);
  await screen.findByRole('table');
  expect(screen.getByText('Apenas gerentes alteram a telefonia da empresa.')).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Novo número' })).toBeNull();
  expect(screen.queryByRole('button', { name: /^(Editar|Remover)/ })).toBeNull();
  await screen.findByRole('form', SETTINGS);
  const retention = within(settingsForm()).getByLabelText('Retenção das gravações (dias)') as HTMLInputElement;
  expect(retention.disabled).toBe(true);
  expect(within(settingsForm()).queryByRole('button', { name: 'Salvar' })).toBeNull();
});

test("'Novo número' checks the number by the API's rule and text, then sends it as DDD + number", async () => {
  signIn({ ID_Funcao: 13 });
  renderScreen(<TelephonyPanel />);
  await screen.findByRole('table');
  fireEvent.click(screen.getByRole('button', { name: 'Novo número' }));
  const dialog = screen.getByRole('dialog', { name: 'Novo número' });
  fireEvent.change(within(dialog).getByLabelText('Número (DDD + número, ou 0300/0303/0800…)'), { target: { value: '190' } });
  await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Cadastrar' })));
  expect(within(dialog).getByText(COMPANY_NUMBER_TEXT.number)).toBeTruthy();
  expect(within(dialog).getByText(COMPANY_NUMBER_TEXT.label)).toBeTruthy();
  expect(served.sent).toEqual([]);

  fireEvent.change(within(dialog).getByLabelText('Número (DDD + número, ou 0300/0303/0800…)'), { target: { value: '+55 (11) 4003-1234' } });
  fireEvent.change(within(dialog).getByLabelText('Descrição'), { target: { value: 'SAC' } });
  fireEvent.change(within(dialog).getByLabelText('Principal'), { target: { value: '1' } });
  await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Cadastrar' })));
  await waitFor(() =>
    expect(served.sent).toEqual([
      { method: 'post', url: '/cadastros/numeros', body: { NU_Numero: '1140031234', DE_Numero: 'SAC', SN_Principal: 1, SN_Entrada: 1 } },
    ]),
  );
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
});

test("'Editar' the main number keeps it main (its only option) and sends the whole form", async () => {
  signIn({ ID_Funcao: 13 });
  renderScreen(<TelephonyPanel />);
  await screen.findByRole('table');
  fireEvent.click(screen.getByRole('button', { name: 'Editar (11) 3003-0303' }));
  const dialog = screen.getByRole('dialog', { name: 'Editar (11) 3003-0303' });
  const main = within(dialog).getByLabelText('Principal');
  expect(
    within(main)
      .getAllByRole('option')
      .map((option) => option.textContent),
  ).toEqual(['Sim']);
  fireEvent.change(within(dialog).getByLabelText('Descrição'), { target: { value: 'Central São Paulo' } });
  fireEvent.change(within(dialog).getByLabelText('Entrada (DID): recebe ligações'), { target: { value: '0' } });
  await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' })));
  await waitFor(() =>
    expect(served.sent).toEqual([
      {
        method: 'put',
        url: '/cadastros/numeros/1',
        body: { NU_Numero: '1130030303', DE_Numero: 'Central São Paulo', SN_Principal: 1, SN_Entrada: 0 },
      },
    ]),
  );
});

test("'Remover' asks first; a refusal naming the campaigns stays in the dialog; another number is removed", async () => {
  signIn({ ID_Funcao: 13 });
  renderScreen(<TelephonyPanel />);
  await screen.findByRole('table');
  fireEvent.click(screen.getByRole('button', { name: 'Remover (11) 4004-4004' }));
  fireEvent.click(within(screen.getByRole('dialog', { name: 'Remover (11) 4004-4004' })).getByRole('button', { name: 'Cancelar' }));
  expect(served.sent).toEqual([]);

  fireEvent.click(screen.getByRole('button', { name: 'Remover (11) 4004-4004' }));
  const dialog = screen.getByRole('dialog', { name: 'Remover (11) 4004-4004' });
  await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Remover' })));
  expect((await within(dialog).findByRole('alert')).textContent).toBe(IN_USE);
  expect(served.sent).toEqual([{ method: 'delete', url: '/cadastros/numeros/3', body: undefined }]);
  fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));

  fireEvent.click(screen.getByRole('button', { name: 'Remover 0303 123 4567' }));
  await act(async () => fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Remover' })));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(served.sent.at(-1)).toEqual({ method: 'delete', url: '/cadastros/numeros/2', body: undefined });
});

test("'Salvar' checks both settings by the API's rules, then sends them together as numbers", async () => {
  signIn({ ID_Funcao: 13 });
  renderScreen(<TelephonyPanel />);
  await screen.findByRole('form', SETTINGS);
  const retention = within(settingsForm()).getByLabelText('Retenção das gravações (dias)');
  const limit = within(settingsForm()).getByLabelText('Limite de pós-atendimento (segundos)');
  fireEvent.change(retention, { target: { value: '0' } });
  fireEvent.change(limit, { target: { value: '5' } });
  await act(async () => fireEvent.click(within(settingsForm()).getByRole('button', { name: 'Salvar' })));
  expect(within(settingsForm()).getByText('Informe a retenção das gravações em dias, de 1 a 3650.')).toBeTruthy();
  expect(within(settingsForm()).getByText('Informe o limite de pós-atendimento em segundos, de 10 a 3600.')).toBeTruthy();
  expect(served.sent).toEqual([]);

  fireEvent.change(retention, { target: { value: '180' } });
  fireEvent.change(limit, { target: { value: '90' } });
  await act(async () => fireEvent.click(within(settingsForm()).getByRole('button', { name: 'Salvar' })));
  await waitFor(() =>
    expect(served.sent).toEqual([
      { method: 'put', url: '/cadastros/empresa/telefonia', body: { NU_DiasGravacao: 180, NU_LimitePosAtendimento: 90 } },
    ]),
  );
});

test('the settings shown again start from what the server has now, never from the copy of the last showing', async () => {
  signIn({ ID_Funcao: 13 });
  /** The settings section, hidden and shown again within one page (one cache), as switching tabs does. */
  function ShownAgain() {
    const [shown, setShown] = useState(true);
    return (
      <>
        <button onClick={() => setShown((now) => !now)}>alternar</button>
        {shown && <TelephonySettingsSection canEdit />}
      </>
    );
  }
  renderScreen(<ShownAgain />);
  const retention = async () =>
    (within(await screen.findByRole('form', SETTINGS)).getByLabelText('Retenção das gravações (dias)') as HTMLInputElement).value;
  expect(await retention()).toBe('90');
  fireEvent.click(screen.getByRole('button', { name: 'alternar' }));

  // Meanwhile another manager kept recordings for 365 days; the server is slow to say so.
  let release: () => void = () => undefined;
  settingsAnswer = new Promise((resolve) => (release = () => resolve(settingsOf(365) as { body: unknown })));
  fireEvent.click(screen.getByRole('button', { name: 'alternar' }));
  expect(screen.queryByRole('form', SETTINGS)).toBeNull();
  await act(async () => release());
  expect(await retention()).toBe('365');
});
