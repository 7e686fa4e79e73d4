import { useBusEvent } from '@consig/shared';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, useContext, useState, useSyncExternalStore, type ReactNode } from 'react';
import { getAttendantsQueryOptions } from '../api/getAttendants';
import { getClientQueryOptions } from '../api/getClient';
import { getOperationsQueryOptions } from '../api/getOperations';
import { createAttendanceStore, type AttendanceState, type AttendanceStore } from './attendanceStore';
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
      fetchOperations: (clientId) => queryClient.fetchQuery(getOperationsQueryOptions(clientId)),
      fetchAttendants: () => queryClient.fetchQuery(getAttendantsQueryOptions()),
    }),
  );

  useBusEvent('attendance.operation-update@1', ({ operation }) => {
    const update = pushedOperation(operation);
    if (update) store.dispatch({ type: 'operationPushed', update });
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
