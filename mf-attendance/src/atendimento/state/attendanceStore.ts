import type { Atendente, Cliente, Operacao, OperacaoAtualizada } from '@consig/shared';

/**
 * The shared attendance state of product-spec §3 and its transitions of §4 ("Loads", "Operation update
 * from a push", "Operation cards"). The reducer is pure; `createAttendanceStore` adds the loads, whose
 * loading flags must be read synchronously (a second request is blocked while one runs), which is why
 * the state lives in a small external store rather than in React state.
 */
export interface AttendanceState {
  client: Cliente | null;
  operations: Operacao[];
  /** The company's attendants (GET /atendente), loaded with the client. */
  attendants: Atendente[];
  /** What the proposal submit stored (the proposal flow, a later piece of the screen). */
  dataRegistered: unknown;
  /** Net values typed in the simulator, by operation index. */
  liquidSimulator: Record<number, string>;
  /** The credit type of the selected operation (ID_TipoCredito); 0 until one is selected. */
  benefitType: number;
  /** OperacaoID of the selected operation, the one whose card is shown. */
  operationSelected: number | null;
  /** DE_Campanha of the campaign being served; null shows the dashes. */
  campaignName: string | null;
  loading: { client: boolean; operations: boolean; attendants: boolean };
  /**
   * Set by a merged push (the OperacaoID it changed): the recalculation that change would trigger is
   * skipped and the values stay those of the pushed data (product-spec §4 "Operation cards").
   */
  skipNextRecalculation: number | null;
  /** 'Cadastro' card: the pencil toggles edit mode; the eye shows the data (form and phone numbers). */
  editMode: boolean;
  showData: boolean;
}

export const initialAttendanceState: AttendanceState = {
  client: null,
  operations: [],
  attendants: [],
  dataRegistered: null,
  liquidSimulator: {},
  benefitType: 0,
  operationSelected: null,
  campaignName: null,
  loading: { client: false, operations: false, attendants: false },
  skipNextRecalculation: null,
  editMode: false,
  showData: false,
};

export type AttendanceAction =
  | { type: 'reset' }
  | { type: 'clientLoadStarted' }
  | { type: 'clientLoaded'; client: Cliente }
  | { type: 'operationsLoadStarted' }
  | { type: 'operationsLoaded'; operations: Operacao[] }
  | { type: 'operationsLoadFailed' }
  | { type: 'attendantsLoadStarted' }
  | { type: 'attendantsLoaded'; attendants: Atendente[] }
  | { type: 'attendantsLoadFailed' }
  | { type: 'operationSelected'; operationId: number }
  | { type: 'operationPushed'; update: Partial<Operacao> & { OperacaoID: number } }
  | { type: 'recalculationSkipped' }
  | { type: 'operationRecalculated'; offer: OperacaoAtualizada }
  | { type: 'operationChanged'; operationId: number; changes: Partial<Operacao> }
  | { type: 'campaignChanged'; campaignName: string | null }
  | { type: 'editModeToggled' }
  | { type: 'showDataToggled' }
  /** The client form changed: its values replace the client's, so a proposal or simulation sends them. */
  | { type: 'clientEdited'; values: Partial<Cliente> };

const withOperation = (state: AttendanceState, operationId: number, changes: Partial<Operacao>): AttendanceState => ({
  ...state,
  operations: state.operations.map((operation) => (operation.OperacaoID === operationId ? { ...operation, ...changes } : operation)),
});

/** Selecting an operation shows its card; the benefit type follows it unless it is already the selected one (§2). */
function select(state: AttendanceState, operationId: number): AttendanceState {
  if (state.operationSelected === operationId) return state;
  const operation = state.operations.find((candidate) => candidate.OperacaoID === operationId);
  if (!operation) return state;
  return { ...state, operationSelected: operationId, benefitType: operation.ID_TipoCredito };
}

export function attendanceReducer(state: AttendanceState, action: AttendanceAction): AttendanceState {
  switch (action.type) {
    case 'reset':
      return initialAttendanceState;
    case 'clientLoadStarted':
      return { ...state, loading: { ...state.loading, client: true } };
    case 'clientLoaded':
      return { ...state, client: action.client, loading: { ...state.loading, client: false } };
    case 'operationsLoadStarted':
      return { ...state, loading: { ...state.loading, operations: true } };
    case 'operationsLoaded': {
      const loaded = { ...state, operations: action.operations, operationSelected: null, loading: { ...state.loading, operations: false } };
      // The first operation is selected automatically on load (§2).
      return action.operations.length ? select(loaded, action.operations[0].OperacaoID) : loaded;
    }
    case 'operationsLoadFailed':
      return { ...state, loading: { ...state.loading, operations: false } };
    case 'attendantsLoadStarted':
      return { ...state, loading: { ...state.loading, attendants: true } };
    case 'attendantsLoaded':
      return { ...state, attendants: action.attendants, loading: { ...state.loading, attendants: false } };
    case 'attendantsLoadFailed':
      return { ...state, loading: { ...state.loading, attendants: false } };
    case 'operationSelected':
      return select(state, action.operationId);
    case 'operationPushed': {
      // §4, as written: merged only when the update's ID_Cliente differs from the current ClienteID.
      if (action.update.ID_Cliente === state.client?.ClienteID) return state;
      if (!state.operations.some((operation) => operation.OperacaoID === action.update.OperacaoID)) return state;
      return { ...withOperation(state, action.update.OperacaoID, action.update), skipNextRecalculation: action.update.OperacaoID };
    }
    case 'recalculationSkipped':
      return { ...state, skipNextRecalculation: null };
    case 'operationRecalculated':
      return withOperation(state, action.offer.OperacaoID, action.offer);
    case 'operationChanged':
      return withOperation(state, action.operationId, action.changes);
    case 'campaignChanged':
      return { ...state, campaignName: action.campaignName };
    case 'editModeToggled':
      return { ...state, editMode: !state.editMode };
    case 'showDataToggled':
      return { ...state, showData: !state.showData };
    case 'clientEdited':
      return state.client ? { ...state, client: { ...state.client, ...action.values } } : state;
  }
}

/** The client as the form holds it now (the loaded record with the attendant's edits): what a submit sends. */
export const selectClient = (state: AttendanceState): Cliente | null => state.client;

export interface AttendanceFetchers {
  fetchClient: (clientId: string) => Promise<Cliente>;
  fetchOperations: (clientId: string) => Promise<Operacao[]>;
  fetchAttendants: () => Promise<Atendente[]>;
}

export type AttendanceStore = ReturnType<typeof createAttendanceStore>;

type LoadingFlag = keyof AttendanceState['loading'];

/** The actions of one load: when it starts, with its answer, and when it fails. */
interface LoadActions<T> {
  started: AttendanceAction;
  loaded: (value: T) => AttendanceAction;
  failed: AttendanceAction;
}

/** The store of one mounted screen: state, subscription (for useSyncExternalStore) and the three loads of §4. */
export function createAttendanceStore({ fetchClient, fetchOperations, fetchAttendants }: AttendanceFetchers) {
  let state = initialAttendanceState;
  // Bumped by every reset: an answer of a load started before it belongs to another client and is dropped.
  let generation = 0;
  const listeners = new Set<() => void>();

  const dispatch = (action: AttendanceAction) => {
    if (action.type === 'reset') generation += 1;
    const next = attendanceReducer(state, action);
    if (next === state) return;
    state = next;
    listeners.forEach((listener) => listener());
  };

  /**
   * §4 "Loads": the flag blocks a second request while one runs and is cleared afterwards (by `loaded` or
   * `failed`). A read's failure was already shown as a toast by the query client.
   */
  async function load<T>(flag: LoadingFlag, fetch: () => Promise<T>, { started, loaded, failed }: LoadActions<T>): Promise<void> {
    if (state.loading[flag]) return;
    const startedIn = generation;
    dispatch(started);
    try {
      const value = await fetch();
      if (startedIn === generation) dispatch(loaded(value));
    } catch {
      if (startedIn === generation) dispatch(failed);
    }
  }

  return {
    getState: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    dispatch,
    /** Loads the client; ignored while a client load runs. A failed load resets the state. */
    loadClient: (clientId: string) =>
      load('client', () => fetchClient(clientId), {
        started: { type: 'clientLoadStarted' },
        loaded: (client) => ({ type: 'clientLoaded', client }),
        failed: { type: 'reset' },
      }),
    /** Loads the operations; ignored while an operations load runs. The first one is selected. */
    loadOperations: (clientId: string) =>
      load('operations', () => fetchOperations(clientId), {
        started: { type: 'operationsLoadStarted' },
        loaded: (operations) => ({ type: 'operationsLoaded', operations }),
        failed: { type: 'operationsLoadFailed' },
      }),
    /** Loads the company's attendants; ignored while an attendants load runs. A failure keeps the client. */
    loadAttendants: () =>
      load('attendants', fetchAttendants, {
        started: { type: 'attendantsLoadStarted' },
        loaded: (attendants) => ({ type: 'attendantsLoaded', attendants }),
        failed: { type: 'attendantsLoadFailed' },
      }),
  };
}
