import type { Attendant, Client } from '@consig/shared';
import {
  attendanceReducer,
  createAttendanceStore,
  initialAttendanceState,
  type AttendanceFetchers,
  type AttendanceState,
} from './attendanceStore';
import { pushedOperation } from './pushedOperation';
import { aClient } from '../testData';

const deferred = <T>() => {
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
  createAttendanceStore({ fetchClient: jest.fn(), fetchAttendants: jest.fn(), ...fetchers });

const client = aClient({ ClienteID: 7 });
const attendants: Attendant[] = [
  { AtendenteID: 1, DE_Pessoa: 'Ana Atendente' },
  { AtendenteID: 2, DE_Pessoa: 'Bruno Atendente' },
];
const loaded: AttendanceState = attendanceReducer(attendanceReducer(initialAttendanceState, { type: 'clientOpened', clientId: '7' }), {
  type: 'clientLoaded',
  client,
});

describe('loads', () => {
  it('blocks a second client request while one runs, and clears the flag afterwards', async () => {
    const answer = deferred<Client>();
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

  it('opens a client: drops the previous one, then loads the client and the attendants', async () => {
    const fetchClient = jest.fn(async () => client);
    const fetchAttendants = jest.fn(async () => attendants);
    const store = storeWith({ fetchClient, fetchAttendants });
    store.dispatch({ type: 'showDataToggled' });
    store.dispatch({ type: 'operationSelected', operationId: 71 });

    store.open('7');
    expect(store.getState()).toMatchObject({
      clientId: '7',
      showData: false,
      operationSelected: null,
      loading: { client: true, attendants: true },
    });
    await Promise.resolve();
    await Promise.resolve();
    expect(fetchClient).toHaveBeenCalledWith('7');
    expect(store.getState()).toMatchObject({ clientId: '7', client, attendants, loading: { client: false, attendants: false } });

    store.open(null);
    expect(store.getState()).toEqual(initialAttendanceState);
    expect(fetchClient).toHaveBeenCalledTimes(1);
  });

  it('resets everything when the client load fails', async () => {
    const store = storeWith({ fetchClient: () => Promise.reject(new Error('x')), fetchAttendants: async () => attendants });
    store.dispatch({ type: 'clientOpened', clientId: '7' });
    await store.loadAttendants();
    expect(store.getState().attendants).toEqual(attendants);
    store.dispatch({ type: 'showDataToggled' });
    await store.loadClient('7');
    expect(store.getState()).toEqual(initialAttendanceState);
  });

  it('blocks a second attendants request while one runs, holds the answer and clears the flag afterwards', async () => {
    const answer = deferred<Attendant[]>();
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

  it('clears the attendants flag when their load fails, keeping the client', async () => {
    const store = storeWith({ fetchClient: async () => client, fetchAttendants: () => Promise.reject(new Error('x')) });
    store.open('7');
    await store.loadClient('7');
    await store.loadAttendants();
    expect(store.getState().loading.attendants).toBe(false);
    expect(store.getState().attendants).toEqual([]);
    expect(store.getState()).toMatchObject({ clientId: '7', client });
  });

  it('drops the attendants of a load started before a reset, and lets the next load run', async () => {
    const answers = [deferred<Attendant[]>(), deferred<Attendant[]>()];
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
    const answer = deferred<Client>();
    const store = storeWith({ fetchClient: () => answer.promise });
    const load = store.loadClient('7');
    store.dispatch({ type: 'reset' });
    answer.resolve(client);
    await load;
    expect(store.getState()).toEqual(initialAttendanceState);
  });

  it('a reset returns every field to its initial value', () => {
    const actions = [
      { type: 'attendantsLoaded', attendants },
      { type: 'editModeToggled' },
      { type: 'operationSelected', operationId: 71 },
      { type: 'operationChanged', operationId: 70, changes: { SN_Selecionado: 1 } },
    ] as const;
    const busy = actions.reduce(attendanceReducer, loaded);
    expect(busy).toMatchObject({ attendants, editMode: true, operationSelected: 71, operationEdits: { 70: { SN_Selecionado: 1 } } });
    expect(attendanceReducer(busy, { type: 'reset' })).toBe(initialAttendanceState);
    expect(initialAttendanceState).toMatchObject({ clientId: null, operationSelected: null, operationEdits: {} });
  });
});

describe('selection', () => {
  it('a click selects that operation', () => {
    expect(attendanceReducer(loaded, { type: 'operationSelected', operationId: 71 }).operationSelected).toBe(71);
  });

  it('clicking the selected operation changes nothing', () => {
    const selected = attendanceReducer(loaded, { type: 'operationSelected', operationId: 71 });
    expect(attendanceReducer(selected, { type: 'operationSelected', operationId: 71 })).toBe(selected);
  });
});

describe("the attendant's changes to the cards", () => {
  it('gathers them by operation, each change over the previous ones', () => {
    const changed = [
      { type: 'operationChanged', operationId: 70, changes: { SN_Selecionado: 1 } },
      { type: 'operationChanged', operationId: 70, changes: { CO_Banco: '318', CO_Agencia: '12' } },
      { type: 'operationChanged', operationId: 71, changes: { SN_Selecionado: 1 } },
      { type: 'operationChanged', operationId: 70, changes: { CO_Agencia: '1234' } },
    ] as const;
    expect(changed.reduce(attendanceReducer, loaded).operationEdits).toEqual({
      70: { SN_Selecionado: 1, CO_Banco: '318', CO_Agencia: '1234' },
      71: { SN_Selecionado: 1 },
    });
  });

  it('a merged push wins over them for the fields it carries, and skips the next recalculation of its operation', () => {
    const edited = attendanceReducer(loaded, {
      type: 'operationChanged',
      operationId: 70,
      changes: { SN_Selecionado: 1, CO_Agencia: '1234' },
    });
    const pushed = attendanceReducer(edited, {
      type: 'operationPushed',
      update: { OperacaoID: 70, SN_Selecionado: 0, VL_Parcela: '200.00' },
    });
    expect(pushed.operationEdits).toEqual({ 70: { CO_Agencia: '1234' } });
    expect(pushed.skipNextRecalculation).toBe(70);
    expect(attendanceReducer(pushed, { type: 'recalculationSkipped' }).skipNextRecalculation).toBeNull();
  });
});

it('keeps only the contract fields of a push, each of its contract type', () => {
  expect(pushedOperation({ OperacaoID: 70, ID_Cliente: 8, VL_Parcela: 200, DE_Bruto: 'R$ 1,00', extra: 1 })).toEqual({
    OperacaoID: 70,
    ID_Cliente: 8,
    DE_Bruto: 'R$ 1,00',
  });
  expect(pushedOperation({ OperacaoID: '70' })).toBeNull();
});
