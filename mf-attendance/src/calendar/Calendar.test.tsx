import { bus, session, type Attendant, type Callback } from '@consig/shared';
import { fakeApi, renderScreen, routerLocation, signIn, type FakeAnswer, type FakeApiRequest } from '@consig/shared/testing';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'react-hot-toast';
import Calendar from './Calendar';

// Times are built on the test machine's own clock (new Date(y, m, d, h, min)), as the screen shows them: the
// assertions hold whatever its time zone.

/** A callback due at a local day and time (month 1–12). */
function aCallback(overrides: Partial<Callback>, [year, month, day, hour, minute]: number[]): Callback {
  return {
    FilaID: 41,
    ClienteID: 7,
    DE_Cliente: 'Maria Souza',
    ID_Campanha: 3,
    DE_Campanha: 'INSS Aposentados SP',
    ID_Atendente: 5,
    DE_Atendente: 'Ana Paula Souza',
    TS_Retorno: new Date(year, month - 1, day, hour, minute).toISOString(),
    SN_Vencido: 0,
    ...overrides,
  };
}

// The week of Wednesday 11 March 2026: Monday 9 to Sunday 15.
const maria = aCallback({}, [2026, 3, 11, 14, 30]);
const jose = aCallback(
  {
    FilaID: 42,
    ClienteID: 8,
    DE_Cliente: 'José Santos',
    DE_Campanha: 'FGTS Saque',
    ID_Atendente: 6,
    DE_Atendente: 'Bruno Lima',
    SN_Vencido: 1,
  },
  [2026, 3, 9, 9, 0],
);
const rita = aCallback(
  { FilaID: 43, ClienteID: 9, DE_Cliente: 'Rita Alves', ID_Atendente: null, DE_Atendente: null },
  [2026, 3, 15, 20, 15],
);
const attendants: Attendant[] = [
  { AtendenteID: 5, DE_Pessoa: 'Ana Paula Souza' },
  { AtendenteID: 6, DE_Pessoa: 'Bruno Lima' },
];

/** The São Paulo calendar day of an instant: the API's days (the range covers the local days shown). */
const saoPauloDay = (instant: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(instant);
/** The GET a range of local days asks for, from local midnight of `first` to local midnight after `last`. */
function rangeRequest([y1, m1, d1]: number[], [y2, m2, d2]: number[], attendant = '') {
  const from = saoPauloDay(new Date(y1, m1 - 1, d1));
  const to = saoPauloDay(new Date(new Date(y2, m2 - 1, d2 + 1).getTime() - 1));
  return `GET /crm/retornos?inicio=${from}&fim=${to}${attendant}`;
}
const WEEK = rangeRequest([2026, 3, 9], [2026, 3, 15]);

let server: ReturnType<typeof fakeApi>;
/** What GET /crm/retornos answers now. */
let listed: Callback[];
let onPut: (request: FakeApiRequest) => FakeAnswer;
const puts: { url: string; body: unknown }[] = [];
const envelope = (data: unknown, text = '') => ({ body: { success: true, text, data } });

beforeEach(() => {
  listed = [maria, jose, rita];
  puts.length = 0;
  onPut = () => envelope(maria, 'Retorno reagendado.');
  server = fakeApi((request) => {
    const url = request.url ?? '';
    if (request.method === 'put') {
      puts.push({ url, body: JSON.parse(String(request.data)) });
      return onPut(request);
    }
    if (url.startsWith('/crm/retornos?')) return envelope(listed);
    if (url === '/atendente') return envelope(attendants);
    return { status: 404, body: { success: false, text: 'Recurso não encontrado.' } };
  });
});

afterEach(() => {
  server.restore();
  session.signOut();
  act(() => bus.publish('session.logout@1', {}));
  act(() => toast.remove());
  jest.restoreAllMocks();
});

const asAttendant = () => signIn({ ID_Pessoa: 5, ID_Funcao: 11, DE_Pessoa: 'Ana Paula Souza', DE_Funcao: 'Atendente' });
const asSupervisor = () => signIn({ ID_Pessoa: 2, ID_Funcao: 12 });
const openAt = (search = '?dia=2026-03-11') => renderScreen(<Calendar />, `/calendário${search}`);

const heading = () => screen.getByRole('heading', { level: 2 }).textContent;

/** The table cell of a day's column (by the start of its header, 'qua. 11/03') and an hour's row ('14:00'). */
function cell(column: string, hour: string) {
  const table = screen.getByRole('table');
  const columns = within(table)
    .getAllByRole('columnheader')
    .map((header) => header.textContent ?? '');
  const index = columns.findIndex((text) => text.startsWith(column));
  const row = within(table)
    .getAllByRole('row')
    .find((candidate) => within(candidate).queryByRole('rowheader', { name: hour }));
  if (index < 1 || !row) throw new Error(`no cell ${column} ${hour}`);
  return within(row).getAllByRole('cell')[index - 1];
}
/** The client names a cell shows. */
const namesIn = (element: HTMLElement) => Array.from(element.querySelectorAll('.att-cal-card__client'), (name) => name.textContent);

it('places each callback in its day and hour of the week, Monday to Sunday, with its time, campaign and overdue mark', async () => {
  asAttendant();
  openAt();
  expect(heading()).toBe('9 a 15 de março de 2026');
  await screen.findByRole('link', { name: 'Abrir cliente Maria Souza' });
  expect(server.requests).toEqual([WEEK]);

  const table = screen.getByRole('table');
  const days = within(table)
    .getAllByRole('columnheader')
    .map((header) => header.textContent);
  expect(days).toEqual(['Hora', 'seg. 09/03', 'ter. 10/03', 'qua. 11/03', 'qui. 12/03', 'sex. 13/03', 'sáb. 14/03', 'dom. 15/03']);
  // The calling window's hours, 08:00 to 20:00.
  const hours = within(table)
    .getAllByRole('rowheader')
    .map((header) => header.textContent);
  expect(hours).toEqual([
    '08:00',
    '09:00',
    '10:00',
    '11:00',
    '12:00',
    '13:00',
    '14:00',
    '15:00',
    '16:00',
    '17:00',
    '18:00',
    '19:00',
    '20:00',
  ]);

  expect(namesIn(cell('qua. 11/03', '14:00'))).toEqual(['Maria Souza']);
  const wednesday = within(cell('qua. 11/03', '14:00'));
  for (const text of ['14:30', 'INSS Aposentados SP']) expect(wednesday.getByText(text)).toBeTruthy();
  expect(wednesday.queryByText('Vencido')).toBeNull();
  expect(namesIn(cell('seg. 09/03', '09:00'))).toEqual(['José Santos']);
  expect(within(cell('seg. 09/03', '09:00')).getByText('Vencido')).toBeTruthy();
  expect(namesIn(cell('dom. 15/03', '20:00'))).toEqual(['Rita Alves']);
  expect(namesIn(cell('qua. 11/03', '15:00'))).toEqual([]);
  expect(screen.getAllByText('Vencido')).toHaveLength(1);
  // An attendant's calendar is their own: no owner names, no attendant choice.
  expect(screen.queryByText('Bruno Lima')).toBeNull();
  expect(screen.queryByRole('combobox', { name: 'Atendente' })).toBeNull();
});

it("links each callback to its client's service screen", async () => {
  asAttendant();
  openAt();
  const open = await screen.findByRole('link', { name: 'Abrir cliente Maria Souza' });
  expect(open.getAttribute('href')).toBe('/atendimento?clientId=7');
  expect(screen.getByRole('link', { name: 'Abrir cliente José Santos' }).getAttribute('href')).toBe('/atendimento?clientId=8');
});

it('widens the hours to a callback outside the calling window', async () => {
  asAttendant();
  listed = [aCallback({}, [2026, 3, 12, 22, 10])];
  openAt();
  await screen.findByRole('link', { name: 'Abrir cliente Maria Souza' });
  expect(namesIn(cell('qui. 12/03', '22:00'))).toEqual(['Maria Souza']);
  expect(screen.getAllByRole('rowheader').at(-1)?.textContent).toBe('22:00');
});

it("moves by week or by day with 'Anterior', 'Hoje' and 'Próxima', asking for the days shown", async () => {
  asAttendant();
  openAt();
  await screen.findByRole('link', { name: 'Abrir cliente Maria Souza' });
  listed = [];

  fireEvent.click(screen.getByRole('button', { name: 'Próxima' }));
  await screen.findByText('Nenhum retorno neste período.');
  expect(heading()).toBe('16 a 22 de março de 2026');
  expect(server.requests.at(-1)).toBe(rangeRequest([2026, 3, 16], [2026, 3, 22]));
  expect(routerLocation.current).toBe('/calendário?dia=2026-03-18&visao=semana');

  fireEvent.click(screen.getByRole('button', { name: 'Anterior' }));
  fireEvent.click(screen.getByRole('button', { name: 'Anterior' }));
  await waitFor(() => expect(heading()).toBe('2 a 8 de março de 2026'));
  await waitFor(() => expect(server.requests.at(-1)).toBe(rangeRequest([2026, 3, 2], [2026, 3, 8])));

  fireEvent.click(screen.getByRole('button', { name: 'Dia' }));
  await waitFor(() => expect(heading()).toBe('quarta-feira, 4 de março de 2026'));
  expect(screen.getByRole('button', { name: 'Dia' }).getAttribute('aria-pressed')).toBe('true');
  await waitFor(() => expect(server.requests.at(-1)).toBe(rangeRequest([2026, 3, 4], [2026, 3, 4])));
  fireEvent.click(screen.getByRole('button', { name: 'Próxima' }));
  await waitFor(() => expect(heading()).toBe('quinta-feira, 5 de março de 2026'));
  await waitFor(() => expect(server.requests.at(-1)).toBe(rangeRequest([2026, 3, 5], [2026, 3, 5])));

  fireEvent.click(screen.getByRole('button', { name: 'Hoje' }));
  const today = new Date();
  const todayParts = [today.getFullYear(), today.getMonth() + 1, today.getDate()];
  await waitFor(() => expect(server.requests.at(-1)).toBe(rangeRequest(todayParts, todayParts)));
});

it('shows one day with its callbacks by hour', async () => {
  asAttendant();
  listed = [maria];
  openAt('?dia=2026-03-11&visao=dia');
  await screen.findByRole('link', { name: 'Abrir cliente Maria Souza' });
  expect(heading()).toBe('quarta-feira, 11 de março de 2026');
  expect(server.requests).toEqual([rangeRequest([2026, 3, 11], [2026, 3, 11])]);
  expect(namesIn(cell('quarta-feira, 11/03', '14:00'))).toEqual(['Maria Souza']);
});

it('says so when the period has no callbacks', async () => {
  asAttendant();
  listed = [];
  openAt();
  expect(await screen.findByText('Nenhum retorno neste período.')).toBeTruthy();
  expect(screen.queryByRole('table')).toBeNull();
});

it('on a phone, lists the week by day instead of seven columns', async () => {
  jest.spyOn(window, 'matchMedia').mockImplementation(
    (query) =>
      ({
        matches: true,
        media: query,
        onchange: null,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
      }) as unknown as MediaQueryList,
  );
  asAttendant();
  openAt();
  await screen.findByRole('link', { name: 'Abrir cliente Maria Souza' });
  expect(screen.queryByRole('table')).toBeNull();
  const days = screen.getAllByRole('heading', { level: 3 });
  expect(days.map((day) => day.textContent)).toEqual(['segunda-feira, 09/03', 'quarta-feira, 11/03', 'domingo, 15/03']);
  const wednesday = days[1].closest('section')!;
  expect(namesIn(wednesday)).toEqual(['Maria Souza']);
  expect(within(wednesday).getByText('14:30')).toBeTruthy();
});

describe("'Reagendar'", () => {
  it('sends the new day and time, with the clock’s offset, toasts the answer and reads the calendar again', async () => {
    const success = jest.spyOn(toast, 'success');
    asAttendant();
    openAt();
    fireEvent.click(await screen.findByRole('button', { name: 'Reagendar retorno de Maria Souza' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Reagendar retorno' }));
    expect((dialog.getByLabelText('Data') as HTMLInputElement).value).toBe('2026-03-11');
    expect((dialog.getByLabelText('Hora') as HTMLInputElement).value).toBe('14:30');

    const moved = aCallback({}, [2026, 3, 12, 9, 15]);
    onPut = () => envelope(moved, 'Retorno reagendado para 12/03/2026 09:15.');
    listed = [moved, jose, rita];
    fireEvent.change(dialog.getByLabelText('Data'), { target: { value: '2026-03-12' } });
    fireEvent.change(dialog.getByLabelText('Hora'), { target: { value: '09:15' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Reagendar' }));

    await waitFor(() => expect(success).toHaveBeenCalledWith('Retorno reagendado para 12/03/2026 09:15.', expect.anything()));
    expect(puts).toHaveLength(1);
    expect(puts[0].url).toBe('/crm/retornos/41');
    const sent = (puts[0].body as { DT_Retorno: string }).DT_Retorno;
    expect(sent).toMatch(/^2026-03-12T09:15:00[+-]\d{2}:\d{2}$/);
    expect(new Date(sent).getTime()).toBe(new Date(2026, 2, 12, 9, 15).getTime());

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(namesIn(cell('qui. 12/03', '09:00'))).toEqual(['Maria Souza']));
    expect(namesIn(cell('qua. 11/03', '14:00'))).toEqual([]);
    expect(server.requests.filter((request) => request === WEEK)).toHaveLength(2);
  });

  it("keeps the dialog open with the API's refusal, and toasts it", async () => {
    const error = jest.spyOn(toast, 'error');
    asAttendant();
    openAt();
    onPut = () => ({ status: 400, body: { success: false, text: 'A data de retorno deve ser no futuro.' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Reagendar retorno de José Santos' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Reagendar retorno' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Reagendar' }));

    expect((await dialog.findByRole('alert')).textContent).toBe('A data de retorno deve ser no futuro.');
    expect(error).toHaveBeenCalledWith('A data de retorno deve ser no futuro.', expect.anything());
    expect(puts.map((put) => put.url)).toEqual(['/crm/retornos/42']);
    expect(new Date((puts[0].body as { DT_Retorno: string }).DT_Retorno).getTime()).toBe(new Date(2026, 2, 9, 9, 0).getTime());
    expect(screen.getByRole('dialog', { name: 'Reagendar retorno' })).toBeTruthy();
    // Nothing moved, so nothing is read again.
    expect(server.requests.filter((request) => request.startsWith('GET /crm/retornos'))).toHaveLength(1);
  });

  it('asks for the day and the time before sending', async () => {
    asAttendant();
    openAt();
    fireEvent.click(await screen.findByRole('button', { name: 'Reagendar retorno de Maria Souza' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Reagendar retorno' }));
    fireEvent.change(dialog.getByLabelText('Data'), { target: { value: '' } });
    fireEvent.change(dialog.getByLabelText('Hora'), { target: { value: '' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Reagendar' }));
    expect(await dialog.findByText('Informe a data.')).toBeTruthy();
    expect(dialog.getByText('Informe a hora.')).toBeTruthy();
    expect(puts).toHaveLength(0);
  });
});

describe("'Atendente'", () => {
  it("gives supervisors the team's callbacks, with whose each is, or one attendant's", async () => {
    asSupervisor();
    openAt();
    await screen.findByRole('link', { name: 'Abrir cliente Maria Souza' });
    expect(server.requests).toContain(WEEK);
    const select = screen.getByRole('combobox', { name: 'Atendente' });
    await waitFor(() =>
      expect(Array.from((select as HTMLSelectElement).options, (option) => option.textContent)).toEqual([
        'Equipe',
        'Ana Paula Souza',
        'Bruno Lima',
      ]),
    );
    expect(within(cell('seg. 09/03', '09:00')).getByText('Bruno Lima')).toBeTruthy();
    expect(within(cell('dom. 15/03', '20:00')).getByText('Sem atendente')).toBeTruthy();

    listed = [jose];
    fireEvent.change(select, { target: { value: '6' } });
    await waitFor(() => expect(server.requests.at(-1)).toBe(rangeRequest([2026, 3, 9], [2026, 3, 15], '&ID_Atendente=6')));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Abrir cliente Maria Souza' })).toBeNull());
    expect(namesIn(cell('seg. 09/03', '09:00'))).toEqual(['José Santos']);
    // One attendant's calendar needs no owner names.
    expect(screen.queryByText('Bruno Lima', { selector: '.att-cal-card__detail' })).toBeNull();

    // Back to the team: its callbacks again (read a moment ago, so from the cache).
    fireEvent.change(select, { target: { value: '' } });
    expect(await screen.findByRole('link', { name: 'Abrir cliente Maria Souza' })).toBeTruthy();
    expect(routerLocation.current).toBe('/calendário?dia=2026-03-11&visao=semana');
  });

  it('is not offered to an attendant, whose calendar is their own', async () => {
    asAttendant();
    openAt('?dia=2026-03-11&atendente=6');
    await screen.findByRole('link', { name: 'Abrir cliente Maria Souza' });
    expect(screen.queryByRole('combobox', { name: 'Atendente' })).toBeNull();
    expect(server.requests).toEqual([WEEK]);
  });
});
