import { DEFAULT_WINDOW } from './callingRules';
import { brasiliaTime, decide, decisionText, type DecisionInput } from './outcomes';

const now = new Date('2026-11-25T10:00:00-03:00'); // a Wednesday
const input = (outcome: number, extra: Partial<DecisionInput> = {}): DecisionInput => ({
  outcome,
  attemptsBefore: 0,
  now,
  callbackAt: null,
  window: DEFAULT_WINDOW,
  state: 'SP',
  ...extra,
});

describe('call outcomes', () => {
  it('301 comes back after 30 minutes, up to the third call, then closes', () => {
    expect(decide(input(301))).toEqual({ kind: 'retry', attempt: 1, dueAt: new Date('2026-11-25T10:30:00-03:00') });
    expect(decide(input(301, { attemptsBefore: 1 }))).toMatchObject({ kind: 'retry', attempt: 2 });
    const last = decide(input(301, { attemptsBefore: 2 }));
    expect(last).toEqual({ kind: 'close', attempt: 3, exhausted: true });
    expect(decisionText(301, last as never)).toBe('Não atende: tentativas esgotadas (3 de 3); cliente encerrado nesta campanha.');
  });

  it('302 is do-not-call; 303 and 304 close; 306 closes with a lead', () => {
    expect(decide(input(302))).toEqual({ kind: 'doNotCall' });
    expect(decide(input(303))).toEqual({ kind: 'close', attempt: 1, exhausted: false });
    expect(decisionText(304, decide(input(304)) as never)).toBe('Atendimento encerrado: Sem margem.');
    expect(decide(input(306))).toEqual({ kind: 'lead' });
  });

  it('305 without a time: the next business day at the opening, in the client time zone', () => {
    const decision = decide(input(305, { state: 'MT' }));
    expect(decision).toEqual({ kind: 'callback', dueAt: new Date('2026-11-26T08:00:00-04:00') });
    expect(decisionText(305, decision as never)).toBe('Retorno agendado para 26/11/2026 às 09:00 (horário de Brasília).');
  });

  it('305 at a given time: future and within 60 days, else refused with a clear text', () => {
    const callbackAt = new Date('2026-11-25T16:30:00-03:00');
    expect(decide(input(305, { callbackAt }))).toEqual({ kind: 'callback', dueAt: callbackAt });
    expect(decide(input(305, { callbackAt: new Date('2026-11-25T09:00:00-03:00') }))).toEqual({
      kind: 'refused',
      text: 'A data de retorno deve ser no futuro.',
    });
    expect(decide(input(305, { callbackAt: new Date('2027-02-01T09:00:00-03:00') }))).toMatchObject({ kind: 'refused' });
    expect(decide(input(303, { callbackAt }))).toMatchObject({ kind: 'refused' });
  });

  it('writes Brasília time for the attendant', () => {
    expect(brasiliaTime(new Date('2026-11-26T11:00:00Z'))).toBe('26/11/2026 às 08:00');
  });
});
