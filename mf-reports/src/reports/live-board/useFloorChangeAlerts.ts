import { ALERT_FLOOR_CHANGE, floorAttendant, useBusEvent, type FloorAttendant } from '@consig/shared';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { getFloorBoardQueryOptions } from './api/getFloorBoard';
import { withFloorRow } from './floorRows';

/** The row an alert 1092 carries in DE_Dados (an object, or that object's JSON text); null when it is not one. */
export function pushedFloorRow(data: unknown): FloorAttendant | null {
  let candidate = data;
  if (typeof data === 'string') {
    try {
      candidate = JSON.parse(data);
    } catch {
      return null;
    }
  }
  const parsed = floorAttendant.safeParse(candidate);
  return parsed.success ? parsed.data : null;
}

/**
 * Writes a pushed row into the cached board, without reading it again. The board keeps the instant it was read
 * (`updatedAt`): the screen's clock offset from the server's (TS_Servidor) counts from it. A read of the board
 * already under way left before the change: it is read again rather than let it bring the old row back.
 */
export function patchFloorBoard(queryClient: QueryClient, row: FloorAttendant): boolean {
  const { queryKey } = getFloorBoardQueryOptions();
  const board = queryClient.getQueryData(queryKey);
  if (!board) return false;
  queryClient.setQueryData(queryKey, withFloorRow(board, row), { updatedAt: queryClient.getQueryState(queryKey)?.dataUpdatedAt });
  if (queryClient.isFetching({ queryKey }) > 0) void queryClient.invalidateQueries({ queryKey });
  return true;
}

/**
 * Alert 1092 (an attendant's row changed; the host publishes every alert of the realtime socket on the bus as
 * 'realtime.alert@1'): the row is patched into the board, or added when the board has none. The host already
 * reads every query again after a realtime outage (resync), the board included.
 */
export function useFloorChangeAlerts() {
  const queryClient = useQueryClient();
  useBusEvent('realtime.alert@1', (alert) => {
    if (alert.TP_Alerta !== ALERT_FLOOR_CHANGE) return;
    const row = pushedFloorRow(alert.DE_Dados);
    if (row) patchFloorBoard(queryClient, row);
    else console.warn('[relatórios] alerta 1092 sem a linha do atendente', alert.DE_Dados);
  });
}
