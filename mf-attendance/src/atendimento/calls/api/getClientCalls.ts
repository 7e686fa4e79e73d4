import { callsResponse, type Call } from '@consig/shared';
import { apiGet, callKeys, useApiQuery, type RequestConfig } from '@consig/shared/query';
import { queryOptions } from '@tanstack/react-query';

/** While a recording is still being made, the list is read again this often, so 'Ouvir' shows up by itself. */
export const PENDING_RECORDING_POLL_MS = 10_000;

const recordingPending = (calls: readonly Call[] | undefined) => calls?.some((call) => call.TP_Gravacao === 'pendente') ?? false;

/** GET /crm/cliente/{id}/ligacoes: the client's calls, newest first (at most 100). */
export const getClientCalls = (clientId: number, config?: RequestConfig) =>
  apiGet(`/crm/cliente/${clientId}/ligacoes`, callsResponse, config);

export const getClientCallsQueryOptions = (clientId: number) =>
  queryOptions({
    queryKey: callKeys.list({ clientId }),
    queryFn: ({ signal }) => getClientCalls(clientId, { signal }),
    // The panel says why it has no list (an attendant may see only the calls of clients they deal with): no toast.
    meta: { errorToast: false },
    refetchInterval: (query) => (recordingPending(query.state.data) ? PENDING_RECORDING_POLL_MS : false),
  });

export const useClientCalls = (clientId: number) => useApiQuery(getClientCallsQueryOptions(clientId));
