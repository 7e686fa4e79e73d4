import { floorBoardResponse } from '@consig/shared';
import { apiGet, floorKeys, useApiQuery, type RequestConfig } from '@consig/shared/query';
import { queryOptions } from '@tanstack/react-query';

/**
 * GET /relatorios/ao-vivo (supervisors and managers; 403 for anyone else): every attendant of the company with
 * their state, the server's instant (TS_Servidor), the after-call limit and the callbacks already due.
 */
export const getFloorBoard = (config?: RequestConfig) => apiGet('/relatorios/ao-vivo', floorBoardResponse, config);

export const getFloorBoardQueryOptions = () =>
  queryOptions({ queryKey: floorKeys.board(), queryFn: ({ signal }) => getFloorBoard({ signal }) });

/**
 * The board is read again every minute: callbacks fall due with no attendant's row changing, and alert 1092
 * (which patches the rows in between, useFloorChangeAlerts) carries rows only.
 */
export const FLOOR_REFRESH_MS = 60_000;

export const useFloorBoard = () => useApiQuery({ ...getFloorBoardQueryOptions(), refetchInterval: FLOOR_REFRESH_MS });
