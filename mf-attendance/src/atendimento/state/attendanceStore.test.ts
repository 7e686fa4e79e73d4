import type { Atendente, Cliente, Operacao } from '@consig/shared';
import { attendanceReducer, createAttendanceStore, initialAttendanceState, type AttendanceFetchers, type AttendanceState } from './attendanceStore';
import { pushedOperation } from './pushedOperation';
import { aClient, anOperation } from '../testData';

const deferred = <T,>() => {
  let resolve: (value: T) => void = () => undefined;
  let reject: (error: unknown) => void = () => undefined;
  const promise = new Promise<T>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { promise, resolve, reject };
};

/** A store whose reads are the given ones; any other read never answers (the test does not expect it). */
const storeWith = (fetchers: Partial<AttendanceFetchers>) =>
  createAttendanceStore({ fetchClient: jest.fn(), fetchOperations: jest.fn(), fetchAttendants: jest.fn(), ...fetchers });

const client = aClient({ ClienteID: 7 });
const attendants: Atendente[] = [
  { AtendenteID: 1, DE_Pessoa: 'Ana Atendente' },
  { AtendenteID: 2, DE_Pessoa: 'Bruno Atendente' },
];
const inss = anOperation({ OperacaoID: 70, ID_Cliente: 7, ID_TipoCredito: 1, VL_Parcela: '186.69' });
const fgts = anOperation({ OperacaoID: 71, ID_Cliente: 7, ID_TipoCredito: 4 });
const loaded: AttendanceState = attendanceReducer(attendanceReducer(initialAttendanceState, { type: 'clientLoaded', client }), {
  type: 'operationsLoaded',
  operations: [inss, fgts],
});

describe('loads', () => {
  it('blocks a second client request while one runs, and clears the flag afterwards', async () => {
    const answer = deferred<Cliente>();
    const fetchClient = jest.fn(() => answer.promise);
    const store = storeWith({ fetchClient });

    const first = store.loadClient('7');
    expect(store.getState().loading.client).toBe(true);
    await store.loadClient('7');
    expect(fetchClient).toHaveBeenCalledTimes(1);

    answer.resolve(client);
    await first;
    expect(store.getState().client).toEqual(client);
    expect(store.getState().loading.client).toBe(false);
    await store.loadClient('7');
    expect(fetchClient).toHaveBeenCalledTimes(2);
  });

  it('blocks a second operations request while one runs, and selects the first operation on load', async () => {
    const answer = deferred<Operacao[]>();
    const fetchOperations = jest.fn(() => answer.promise);
    const store = storeWith({ fetchOperations });

    const first = store.loadOperations('7');
    void store.loadOperations('7');
    expect(fetchOperations).toHaveBeenCalledTimes(1);
    answer.resolve([fgts, inss]);
    await first;

    expect(store.getState().loading.operations).toBe(false);
    expect(store.getState().operationSelected).toBe(71);
    expect(store.getState().benefitType).toBe(4);
  });

  it('clears the operations flag when their load fails, keeping the client', async () => {
    const store = storeWith({ fetchClient: async () => client, fetchOperations: () => Promise.reject(new Error('x')) });
    await store.loadClient('7');
    await store.loadOperations('7');
    expect(store.getState().loading.operations).toBe(false);
    expect(store.getState().client).toEqual(client);
  });

  it('resets everything when the client load fails', async () => {
    const store = storeWith({ fetchClient: () => Promise.reject(new Error('x')), fetchOperations: async () => [inss], fetchAttendants: async () => attendants });
    await store.loadOperations('7');
    await store.loadAttendants();
    expect(store.getState().attendants).toEqual(attendants);
    store.dispatch({ type: 'showDataToggled' });
    await store.loadClient('7');
    expect(store.getState()).toEqual(initialAttendanceState);
  });

  it('blocks a second attendants request while one runs, holds the answer and clears the flag afterwards', async () => {
    const answer = deferred<Atendente[]>();
    const fetchAttendants = jest.fn(() => answer.promise);
    const store = storeWith({ fetchAttendants });

    const first = store.loadAttendants();
    expect(store.getState().loading.attendants).toBe(true);
    await store.loadAttendants();
    expect(fetchAttendants).toHaveBeenCalledTimes(1);

    answer.resolve(attendants);
    await first;
    expect(store.getState().attendants).toEqual(attendants);
    expect(store.getState().loading.attendants).toBe(false);
    await store.loadAttendants();
    expect(fetchAttendants).toHaveBeenCalledTimes(2);
  });

  it('clears the attendants flag when their load fails, keeping the client and its operations', async () => {
    const store = storeWith({ fetchClient: async () => client, fetchOperations: async () => [inss], fetchAttendants: () => Promise.reject(new Error('x')) });
    await store.loadClient('7');
    await store.loadOperations('7');
    await store.loadAttendants();
    expect(store.getState().loading.attendants).toBe(false);
    expect(store.getState().attendants).toEqual([]);
    expect(store.getState().client).toEqual(client);
    expect(store.getState().operations).toEqual([inss]);
  });

  it('drops the attendants of a load started before a reset, and lets the next load run', async () => {
    const answers = [deferred<Atendente[]>(), deferred<Atendente[]>()];
    const fetchAttendants = jest.fn().mockReturnValueOnce(answers[0].promise).mockReturnValueOnce(answers[1].promise);
    const store = storeWith({ fetchAttendants });
    const stale = store.loadAttendants();
    store.dispatch({ type: 'reset' });
    expect(store.getState().loading.attendants).toBe(false);
    const current = store.loadAttendants();
    expect(fetchAttendants).toHaveBeenCalledTimes(2);

    answers[0].resolve([attendants[0]]);
    await stale;
    expect(store.getState().attendants).toEqual([]);
    expect(store.getState().loading.attendants).toBe(true);
    answers[1].resolve(attendants);
    await current;
    expect(store.getState().attendants).toEqual(attendants);
    expect(store.getState().loading.attendants).toBe(false);
  });

  it('drops the answer of a load started before a reset (it belongs to the previous client)', async () => {
    const answer = deferred<Cliente>();
    const store = storeWith({ fetchClient: () => answer.promise });
    const load = store.loadClient('7');
    store.dispatch({ type: 'reset' });
    answer.resolve(client);
    await load;
    expect(store.getState()).toEqual(initialAttendanceState);
  });

  it('a reset returns every field to its initial value', () => {
    const withAttendants = attendanceReducer(loaded, { type: 'attendantsLoaded', attendants });
    const busy = attendanceReducer(attendanceReducer(withAttendants, { type: 'editModeToggled' }), { type: 'campaignChanged', campaignName: 'INSS março' });
    expect(busy.attendants).toEqual(attendants);
    expect(attendanceReducer(busy, { type: 'reset' })).toBe(initialAttendanceState);
    expect(initialAttendanceState.benefitType).toBe(0);
    expect(initialAttendanceState.operationSelected).toBeNull();
  });
});

describe('selection', () => {
  it('a click selects that operation and changes the benefit type', () => {
    const next = attendanceReducer(loaded, { type: 'operationSelected', operationId: 71 });
    expect(next.operationSelected).toBe(71);
    expect(next.benefitType).toBe(4);
  });

  it('clicking the selected operation changes nothing', () => {
    const changedType = { ...loaded, benefitType: 9 };
    expect(attendanceReducer(changedType, { type: 'operationSelected', operationId: 70 })).toBe(changedType);
  });
});

describe('operation update from a push (product-spec §4, as written)', () => {
  it('merges by OperacaoID when the update ID_Cliente differs from the current ClienteID, and skips the next recalculation', () => {
    const next = attendanceReducer(loaded, { type: 'operationPushed', update: { OperacaoID: 70, ID_Cliente: 8, VL_Parcela: '200.00' } });
    expect(next.operations[0]).toEqual({ ...inss, ID_Cliente: 8, VL_Parcela: '200.00' });
    expect(next.operations[1]).toBe(fgts);
    expect(next.skipNextRecalculation).toBe(70);
    expect(attendanceReducer(next, { type: 'recalculationSkipped' }).skipNextRecalculation).toBeNull();
  });

  it('ignores the update when its ID_Cliente equals the current ClienteID', () => {
    expect(attendanceReducer(loaded, { type: 'operationPushed', update: { OperacaoID: 70, ID_Cliente: 7, VL_Parcela: '200.00' } })).toBe(loaded);
  });

  it('ignores an update for an operation the screen does not hold', () => {
    expect(attendanceReducer(loaded, { type: 'operationPushed', update: { OperacaoID: 99, ID_Cliente: 8 } })).toBe(loaded);
  });

  it('keeps only the contract fields of a push, each of its contract type', () => {
    expect(pushedOperation({ OperacaoID: 70, ID_Cliente: 8, VL_Parcela: 200, DE_Bruto: 'R$ 1,00', extra: 1 })).toEqual({
      OperacaoID: 70,
      ID_Cliente: 8,
      DE_Bruto: 'R$ 1,00',
    });
    expect(pushedOperation({ OperacaoID: '70' })).toBeNull();
  });
});

it('a recalculated offer replaces the figures of its operation only', () => {
  const offer = {
    OperacaoID: 70, SN_Selecionado: 1, NU_Parcelas: 84, VL_Parcela: '300.00', VL_Bruto: '12000.00', VL_Liquido: '12000.00', VL_SaldoDevedor: '0.00',
    DE_Bruto: 'R$ 12.000,00', DE_Liquido: 'R$ 12.000,00', VL_Taxa: '1.80', VL_IOF: '100.00', VL_CETMensal: '1.90', VL_CETAnual: '25.34', DT_Validade: '2026-11-24',
  };
  const next = attendanceReducer(loaded, { type: 'operationRecalculated', offer });
  expect(next.operations[0]).toEqual({ ...inss, ...offer });
  expect(next.operations[1]).toBe(fgts);
});
