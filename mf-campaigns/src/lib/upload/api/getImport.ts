import { campaignImportResponse, IMPORT_STATUS } from '@consig/shared';
import { campaignKeys, defineGet } from '@consig/shared/query';
import { queryOptions } from '@tanstack/react-query';

/** GET /importacao/{id}: the import's status (0, 63, 99), its line count and its counts. */
export const getImport = defineGet({ path: (id: number) => `/importacao/${id}`, response: campaignImportResponse });

/** How often the screen asks while the import runs. */
export const IMPORT_POLL_MS = 1000;

/** Asked every second until the import ends (63 Concluído or 99 Erro). */
export const getImportQueryOptions = (id: number) =>
  queryOptions({
    queryKey: campaignKeys.import(id),
    queryFn: ({ signal }) => getImport(id, { signal }),
    refetchInterval: (query) => (query.state.data && query.state.data.ID_Status !== IMPORT_STATUS.PROCESSANDO ? false : IMPORT_POLL_MS),
  });
