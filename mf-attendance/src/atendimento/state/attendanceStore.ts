import type { Attendant, Client, Operation } from '@consig/shared';
import type { OperationChanges, OperationEdits } from './operations';

/**
 * The client service screen's own state (product-spec §3 "Shared attendance state", §4): which client is open,
 * the client as its form holds it, the company's attendants, which card is shown, what the attendant changed on
 * the cards, and the screen's toggles. The operations are server data and live in the page's query cache
 * (operations.ts): nothing here copies them, so a write that re-prices them only names their read as stale.
 * The reducer is pure; `createAttendanceStore` adds the loads, whose loading flags must be read synchronously (a
 * second request is blocked while one runs), which is why the state lives in a small external store rather than
 * in React state.
 */
export interface AttendanceState {
  /** ?clientId= of the screen, digits as written: whose client and operations are read; null without one. */
  clientId: string | null;
  client: Client | null;
  /** The company's attendants (GET /atendente), loaded with the client. */
  attendants: Attendant[];
  /** OperacaoID of the card the attendant chose; null (or an id the list no longer holds) shows the first. */
  operationSelected: number | null;
  /** The attendant's changes to the cards, shown over the server's operations and sent by the next write. */
  operationEdits: OperationEdits;
  /** Client and attendants; the operations' read is the query cache's, which never runs twice at once. */
  loading: { client: boolean; attendants: boolean };
  /**
   * Set by a merged push (the OperacaoID it changed): the recalculation that change would trigger is
   * skipped and the values stay those of the pushed data (product-spec §4 "Operation cards").
   */
  skipNextRecalculation: number | null;
  /** 'Cadastro' card: the pencil toggles edit mode; the eye shows the data (form and phone numbers). */
  editMode: boolean;
  showData: boolean;
  /** The client form holds edits not saved yet ('Salvar' sends them; leaving the screen asks first). */
  clientDirty: boolean;
}

export const initialAttendanceState: AttendanceState = {
  clientId: null,
  client: null,
  attendants: [],
  operationSelected: null,
  operationEdits: {},
  loading: { client: false, attendants: false },
  skipNextRecalculation: null,
  editMode: false,
  showData: false,
  clientDirty: false,
};

export type AttendanceAction =
  | { type: 'reset' }
  /** The screen shows the client of this id now (after a reset). */
  | { type: 'clientOpened'; clientId: string }
  | { type: 'clientLoadStarted' }
  | { type: 'clientLoaded'; client: Client }
  | { type: 'attendantsLoadStarted' }
  | { type: 'attendantsLoaded'; attendants: Attendant[] }
  | { type: 'attendantsLoadFailed' }
  | { type: 'operationSelected'; operationId: number }
  /** The attendant changed a card: its selection switch, or its bank and account. */
  | { type: 'operationChanged'; operationId: number; changes: Partial<Operation> }
  /** A push was merged into the cached operation: its fields win over the attendant's, its recalculation is skipped. */
  | { type: 'operationPushed'; update: OperationChanges }
  | { type: 'recalculationSkipped' }
  | { type: 'editModeToggled' }
  | { type: 'showDataToggled' }
  /** The client form changed: its values replace the client's, so a proposal or simulation sends them. */
  | { type: 'clientEdited'; values: Partial<Client> }
  /** Whether the client form differs from the client as last loaded or saved. */
  | { type: 'clientDirtyChanged'; dirty: boolean }
  /** 'Salvar' succeeded: the record as the server saved it; edit mode ends. */
  | { type: 'clientSaved'; client: Client }
  /** Edit mode on with the form shown (a new client opens so; 'Cancelar' ends it with editModeToggled). */
  | { type: 'editingStarted' };

/** The attendant's changes to one card without the fields a push just set (the pushed values are shown). */
function withoutPushed(edits: OperationEdits, update: OperationChanges): OperationEdits {
  const edit = edits[update.OperacaoID];
  if (!edit) return edits;
  const kept = Object.fromEntries(Object.entries(edit).filter(([field]) => !(field in update)));
  return { ...edits, [update.OperacaoID]: kept };
}

export function attendanceReducer(state: AttendanceState, action: AttendanceAction): AttendanceState {
  switch (action.type) {
    case 'reset':
      return initialAttendanceState;
    case 'clientOpened':
      return { ...state, clientId: action.clientId };
    case 'clientLoadStarted':
      return { ...state, loading: { ...state.loading, client: true } };
    case 'clientLoaded':
      return { ...state, client: action.client, loading: { ...state.loading, client: false } };
    case 'attendantsLoadStarted':
      return { ...state, loading: { ...state.loading, attendants: true } };
    case 'attendantsLoaded':
      return { ...state, attendants: action.attendants, loading: { ...state.loading, attendants: false } };
    case 'attendantsLoadFailed':
      return { ...state, loading: { ...state.loading, attendants: false } };
    case 'operationSelected':
      // A click on the card already shown changes nothing (§2); the benefit type is the shown card's (operations.ts).
      return state.operationSelected === action.operationId ? state : { ...state, operationSelected: action.operationId };
    case 'operationChanged': {
      const edit = { ...state.operationEdits[action.operationId], ...action.changes };
      return { ...state, operationEdits: { ...state.operationEdits, [action.operationId]: edit } };
    }
    case 'operationPushed':
      return {
        ...state,
        operationEdits: withoutPushed(state.operationEdits, action.update),
        skipNextRecalculation: action.update.OperacaoID,
      };
    case 'recalculationSkipped':
      return { ...state, skipNextRecalculation: null };
    case 'editModeToggled':
      return { ...state, editMode: !state.editMode };
    case 'showDataToggled':
      return { ...state, showData: !state.showData };
    case 'clientEdited':
      return state.client ? { ...state, client: { ...state.client, ...action.values } } : state;
    case 'clientDirtyChanged':
      return state.clientDirty === action.dirty ? state : { ...state, clientDirty: action.dirty };
    case 'clientSaved':
      return { ...state, client: action.client, editMode: false, clientDirty: false };
    case 'editingStarted':
      return { ...state, editMode: true, showData: true };
  }
}

export interface AttendanceFetchers {
  fetchClient: (clientId: string) => Promise<Client>;
  fetchAttendants: () => Promise<Attendant[]>;
}

export type AttendanceStore = ReturnType<typeof createAttendanceStore>;

type LoadingFlag = keyof AttendanceState['loading'];

/** The actions of one load: when it starts, with its answer, and when it fails. */
interface LoadActions<T> {
  started: AttendanceAction;
  loaded: (value: T) => AttendanceAction;
  failed: AttendanceAction;
}

/** The store of one mounted screen: state, subscription (for useSyncExternalStore) and the loads of §4. */
export function createAttendanceStore({ fetchClient, fetchAttendants }: AttendanceFetchers) {
  let state = initialAttendanceState;
  // Bumped by every reset: an answer of a load started before it belongs to another client and is dropped.
  let generation = 0;
  // A client just registered by 'Novo Cliente' opens in edit mode once it is loaded (it survives the resets of the
  // navigation to it).
  let editOnLoad: number | null = null;
  const listeners = new Set<() => void>();

  const dispatch = (action: AttendanceAction) => {
    if (action.type === 'reset') generation += 1;
    let next = attendanceReducer(state, action);
    if (action.type === 'clientLoaded' && action.client.ClienteID === editOnLoad) {
      editOnLoad = null;
      next = attendanceReducer(next, { type: 'editingStarted' });
    }
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

  /** Loads the client; ignored while a client load runs. A failed load resets the state. */
  const loadClient = (clientId: string) =>
    load('client', () => fetchClient(clientId), {
      started: { type: 'clientLoadStarted' },
      loaded: (client) => ({ type: 'clientLoaded', client }),
      failed: { type: 'reset' },
    });

  /** Loads the company's attendants; ignored while an attendants load runs. A failure keeps the client. */
  const loadAttendants = () =>
    load('attendants', fetchAttendants, {
      started: { type: 'attendantsLoadStarted' },
      loaded: (attendants) => ({ type: 'attendantsLoaded', attendants }),
      failed: { type: 'attendantsLoadFailed' },
    });

  return {
    getState: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    dispatch,
    /** The client of that id, when it is loaded next, opens in edit mode with the form shown. */
    openForEditing(clientId: number) {
      editOnLoad = clientId;
    },
    /**
     * Shows the client of ?clientId= (product-spec §2): everything of the previous one is dropped, then the client
     * and the company's attendants are loaded (its operations are the screen's read of them). Null: no client.
     */
    open(clientId: string | null) {
      dispatch({ type: 'reset' });
      if (!clientId) return;
      dispatch({ type: 'clientOpened', clientId });
      void loadClient(clientId);
      void loadAttendants();
    },
    loadClient,
    loadAttendants,
  };
}
