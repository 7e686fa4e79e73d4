import { CALLING_HOURS_TEXT, session, TOAST_MS, type CallingHours } from '@consig/shared';
import { fakeApi, renderScreen, signIn } from '@consig/shared/testing';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'react-hot-toast';
import { CallingHoursPanel } from './CallingHoursPanel';

const open = (weekday: number, start = '08:00', end = '18:00') => ({
  NU_DiaSemana: weekday,
  SN_Liga: 1 as const,
  HR_Inicio: start,
  HR_Fim: end,
});
const closed = (weekday: number) => ({ NU_DiaSemana: weekday, SN_Liga: 0 as const, HR_Inicio: null, HR_Fim: null });

const SETTING: CallingHours = {
  dias: [open(1), open(2), open(3), open(4), open(5, '08:00', '17:00'), closed(6), closed(7)],
  SN_Feriados: 0,
  SN_SempreAberta: 0,
  restricoes: [{ SG_UF: 'MG', NU_DiaSemana: 2, HR_Inicio: '10:00', HR_Fim: '12:00' }],
  regrasEstaduais: [
    {
      SG_UF: 'RJ',
      DT_Inicio: '2018-03-15',
      DE_Fonte: 'Lei estadual RJ 7.853/2018',
      SN_Feriados: 0,
      dias: [1, 2, 3, 4, 5].map((weekday) => ({ NU_DiaSemana: weekday, HR_Inicio: '08:00', HR_Fim: '18:00' })),
    },
  ],
  feriados: [
    { DT_Feriado: '2026-04-03', DE_Feriado: 'Sexta-feira da Paixão' },
    { DT_Feriado: '2026-12-25', DE_Feriado: 'Natal' },
    { DT_Feriado: '2027-01-01', DE_Feriado: 'Confraternização Universal' },
  ],
};

interface Sent {
  method: string;
  url: string;
  body?: unknown;
}

/** The fake API: GET answers `setting`; PUT answers `saveAnswer` (by default the body as saved). */
function serve(setting: CallingHours = SETTING, saveAnswer?: { status: number; body: unknown }) {
  const sent: Sent[] = [];
  const server = fakeApi((request) => {
    const body = typeof request.data === 'string' ? JSON.parse(request.data) : request.data;
    sent.push({ method: request.method ?? '', url: request.url ?? '', body });
    if (request.method === 'get') return { body: { success: true, text: '', data: setting } };
    if (saveAnswer) return saveAnswer;
    const saved: CallingHours = {
      ...setting,
      dias: body.dias.map((day: { NU_DiaSemana: number; SN_Liga: number; HR_Inicio: string; HR_Fim: string }) =>
        day.SN_Liga === 1 ? open(day.NU_DiaSemana, day.HR_Inicio, day.HR_Fim) : closed(day.NU_DiaSemana),
      ),
      SN_Feriados: body.SN_Feriados,
      restricoes: body.restricoes,
    };
    return { body: { success: true, text: CALLING_HOURS_TEXT.saved, data: saved } };
  });
  return { server, writes: () => sent.filter((request) => request.method !== 'get') };
}

let served: ReturnType<typeof serve>;
beforeEach(() => signIn({ ID_Funcao: 13, ID_Pessoa: 3 }));
afterEach(() => {
  served.server.restore();
  session.signOut();
});

const input = (name: string) => screen.getByLabelText(name) as HTMLInputElement;
const save = () => act(async () => fireEvent.click(screen.getByRole('button', { name: 'Salvar horários' })));

test('shows the week, the holidays switch, the narrowings, the state laws with their source and the holidays', async () => {
  served = serve();
  renderScreen(<CallingHoursPanel />);
  expect(await screen.findByRole('heading', { name: 'Horários de ligação' })).toBeTruthy();
  await screen.findByRole('checkbox', { name: 'Liga na segunda-feira' });

  expect((screen.getByRole('checkbox', { name: 'Liga na segunda-feira' }) as HTMLInputElement).checked).toBe(true);
  expect(input('Início de segunda-feira').value).toBe('08:00');
  expect(input('Fim de sexta-feira').value).toBe('17:00');
  expect((screen.getByRole('checkbox', { name: 'Liga no sábado' }) as HTMLInputElement).checked).toBe(false);
  expect(input('Início de sábado').disabled).toBe(true);
  expect((screen.getByRole('switch', { name: 'Feriados nacionais' }) as HTMLInputElement).checked).toBe(false);

  expect((screen.getByLabelText('Estado da restrição 1') as HTMLSelectElement).value).toBe('MG');
  expect((screen.getByLabelText('Dia da restrição 1') as HTMLSelectElement).value).toBe('2');
  expect(input('Início da restrição 1').value).toBe('10:00');

  const laws = within(screen.getByRole('table', { name: 'Leis estaduais' }));
  expect(laws.getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
    'RJ',
    'Segunda-feira a Sexta-feira, 08:00–18:00',
    'Proibidos',
    '15/03/2018',
    'Lei estadual RJ 7.853/2018',
  ]);

  const holidays = within(screen.getByRole('list', { name: 'Feriados nacionais de 2026 e 2027' }));
  expect(holidays.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
    '03/04/2026 Sexta-feira da Paixão',
    '25/12/2026 Natal',
    '01/01/2027 Confraternização Universal',
  ]);
  // Only a company in the demo's always-open mode gets the notice.
  expect(screen.queryByRole('note')).toBeNull();
});

test("says when the company is always open (the demo's setting), which the screen does not change", async () => {
  served = serve({ ...SETTING, SN_SempreAberta: 1 });
  renderScreen(<CallingHoursPanel />);
  expect((await screen.findByRole('note')).textContent).toBe(CALLING_HOURS_TEXT.alwaysOpen);
});

test("'Salvar horários' sends the whole form: days, the holidays switch and the narrowings added and removed; a toast confirms", async () => {
  served = serve();
  const success = jest.spyOn(toast, 'success');
  renderScreen(<CallingHoursPanel />);
  await screen.findByRole('checkbox', { name: 'Liga na segunda-feira' });

  fireEvent.change(input('Início de segunda-feira'), { target: { value: '09:00' } });
  fireEvent.click(screen.getByRole('checkbox', { name: 'Liga na quarta-feira' }));
  expect(input('Início de quarta-feira').disabled).toBe(true);
  fireEvent.click(screen.getByRole('checkbox', { name: 'Liga no sábado' }));
  expect(input('Início de sábado').disabled).toBe(false);
  fireEvent.change(input('Fim de sábado'), { target: { value: '13:00' } });
  fireEvent.click(screen.getByRole('switch', { name: 'Feriados nacionais' }));

  fireEvent.click(screen.getByRole('button', { name: 'Remover restrição 1' }));
  fireEvent.click(screen.getByRole('button', { name: 'Adicionar restrição' }));
  fireEvent.change(screen.getByLabelText('Estado da restrição 1'), { target: { value: 'SP' } });
  fireEvent.change(screen.getByLabelText('Dia da restrição 1'), { target: { value: '6' } });
  fireEvent.change(input('Início da restrição 1'), { target: { value: '09:00' } });
  fireEvent.change(input('Fim da restrição 1'), { target: { value: '12:00' } });
  await save();

  await waitFor(() => expect(served.writes()).toHaveLength(1));
  expect(served.writes()[0]).toEqual({
    method: 'put',
    url: '/cadastros/empresa/horarios',
    body: {
      dias: [
        open(1, '09:00', '18:00'),
        open(2),
        { NU_DiaSemana: 3, SN_Liga: 0, HR_Inicio: '08:00', HR_Fim: '18:00' },
        open(4),
        open(5, '08:00', '17:00'),
        open(6, '08:00', '13:00'),
        { NU_DiaSemana: 7, SN_Liga: 0, HR_Inicio: '08:00', HR_Fim: '18:00' },
      ],
      SN_Feriados: 1,
      restricoes: [{ SG_UF: 'SP', NU_DiaSemana: 6, HR_Inicio: '09:00', HR_Fim: '12:00' }],
    },
  });
  await waitFor(() => expect(success).toHaveBeenCalledWith('Horários de ligação salvos.', { duration: TOAST_MS.screens }));
  success.mockRestore();
});

test('shows each mistake under its field in Portuguese and sends nothing', async () => {
  served = serve();
  renderScreen(<CallingHoursPanel />);
  await screen.findByRole('checkbox', { name: 'Liga na segunda-feira' });

  fireEvent.change(input('Início de segunda-feira'), { target: { value: '19:00' } });
  fireEvent.change(input('Fim de terça-feira'), { target: { value: '' } });
  fireEvent.click(screen.getByRole('button', { name: 'Adicionar restrição' }));
  fireEvent.change(screen.getByLabelText('Dia da restrição 2'), { target: { value: '7' } });
  await save();

  const errorOf = (label: string) => document.getElementById(input(label).getAttribute('aria-describedby') ?? '')?.textContent;
  expect(errorOf('Fim de segunda-feira')).toBe(CALLING_HOURS_TEXT.order);
  expect(errorOf('Fim de terça-feira')).toBe(CALLING_HOURS_TEXT.time);
  expect(errorOf('Estado da restrição 2')).toBe(CALLING_HOURS_TEXT.state);
  expect(input('Fim de segunda-feira').getAttribute('aria-invalid')).toBe('true');
  expect(served.writes()).toEqual([]);

  // With the fields right, the narrowing on a day the company does not call is refused at its day.
  fireEvent.change(input('Início de segunda-feira'), { target: { value: '08:00' } });
  fireEvent.change(input('Fim de terça-feira'), { target: { value: '18:00' } });
  fireEvent.change(screen.getByLabelText('Estado da restrição 2'), { target: { value: 'SP' } });
  await save();
  expect(errorOf('Dia da restrição 2')).toBe(CALLING_HOURS_TEXT.closedDay);
  expect(served.writes()).toEqual([]);
});

test('an API refusal naming a field shows under that field as well as in the toast', async () => {
  const text = `restricoes.0.NU_DiaSemana: ${CALLING_HOURS_TEXT.duplicateNarrowing}`;
  served = serve(SETTING, { status: 400, body: { success: false, text } });
  const failure = jest.spyOn(toast, 'error');
  renderScreen(<CallingHoursPanel />);
  await screen.findByRole('checkbox', { name: 'Liga na segunda-feira' });
  await save();
  await waitFor(() => expect(failure).toHaveBeenCalledWith(text, { duration: TOAST_MS.screens }));
  const day = screen.getByLabelText('Dia da restrição 1');
  expect(document.getElementById(day.getAttribute('aria-describedby') ?? '')?.textContent).toBe(CALLING_HOURS_TEXT.duplicateNarrowing);
  failure.mockRestore();
});
