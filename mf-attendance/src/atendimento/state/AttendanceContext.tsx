import { useBusEvent, type Operation } from '@consig/shared';
import { getAttendantsQueryOptions } from '@consig/shared/query';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { getClientQueryOptions } from '../api/getClient';
import { getOperationsQueryOptions, useClientOperations } from '../api/getOperations';
import { createAttendanceStore, type AttendanceState, type AttendanceStore } from './attendanceStore';
import { mergeIntoCachedOperations, selectedOperation, withEdits } from './operations';
import { pushedOperation } from './pushedOperation';

const AttendanceContext = createContext<AttendanceStore | null>(null);

/**
 * The attendance store of the mounted screen. Reads go through the page's query client (its dedupe,
 * retries and error toast); pushed operation updates (`attendance.operation-update@1`) are merged per §4.
 */
export function AttendanceProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [store] = useState(() =>
    createAttendanceStore({
      fetchClient: (clientId) => queryClient.fetchQuery(getClientQueryOptions(clientId)),
      fetchAttendants: () => queryClient.fetchQuery(getAttendantsQueryOptions()),
    }),
  );

  // §4 "Operation update from a push", as written: merged by OperacaoID into the open client's operation, but only
  // when the update's ID_Cliente differs from the client's ClienteID; an operation the screen does not hold is ignored.
  useBusEvent('attendance.operation-update@1', ({ operation }) => {
    const update = pushedOperation(operation);
    const { clientId, client } = store.getState();
    if (!update || clientId === null || update.ID_Cliente === client?.ClienteID) return;
    if (mergeIntoCachedOperations(queryClient, clientId, update)) store.dispatch({ type: 'operationPushed', update });
  });

  return <AttendanceContext value={store}>{children}</AttendanceContext>;
}

export function useAttendanceStore(): AttendanceStore {
  const store = useContext(AttendanceContext);
  if (!store) throw new Error('useAttendanceStore needs an AttendanceProvider');
  return store;
}

/** The whole attendance state, re-rendering on every change (the screen's parts are small). */
export function useAttendance(): AttendanceState {
  const store = useAttendanceStore();
  return useSyncExternalStore(store.subscribe, store.getState, store.getState);
}

const NONE: Operation[] = [];

/**
 * The open client's operations as the screen shows them (the cached list with the attendant's changes over it)
 * and the card shown. Read once, by the screen, which hands them down.
 */
export function useOperations(): { operations: Operation[]; selected: Operation | undefined } {
  const { clientId, operationEdits, operationSelected } = useAttendance();
  const { data = NONE } = useClientOperations(clientId);
  const operations = useMemo(() => withEdits(data, operationEdits), [data, operationEdits]);
  return { operations, selected: selectedOperation(operations, operationSelected) };
}

/**
 * The open client's operations as they are at the moment it is called, for handlers that run later than the render
 * that made them (after a pause in typing, after an answer).
 */
export function useCurrentOperations(): () => Operation[] {
  const store = useAttendanceStore();
  const queryClient = useQueryClient();
  return useCallback(() => {
    const { clientId, operationEdits } = store.getState();
    const listed = clientId === null ? undefined : queryClient.getQueryData(getOperationsQueryOptions(clientId).queryKey);
    return withEdits(listed ?? NONE, operationEdits);
  }, [store, queryClient]);
}
