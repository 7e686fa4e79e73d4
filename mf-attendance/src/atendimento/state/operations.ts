import type { Operation } from '@consig/shared';
import type { QueryClient } from '@tanstack/react-query';
import { getOperationsQueryOptions } from '../api/getOperations';

/**
 * The client's operations have one owner: the page's query cache of GET /crm/cliente/operacoes (the server's list,
 * with the answers the server gave since: computed offers, pushed updates). The attendance store keeps only what the
 * attendant did to the cards and the server was not told yet (`OperationEdits`), and which card is shown; the screen
 * shows the one over the other.
 */

/** What the server said about one operation (a computed offer, a pushed update), merged by OperacaoID. */
export type OperationChanges = Partial<Operation> & { OperacaoID: number };

/** The attendant's changes to the cards (selection, bank and account), by OperacaoID. */
export type OperationEdits = Readonly<Record<number, Partial<Operation>>>;

/**
 * What a write that re-prices the open client's operations (a proposal, a saved salary) names as stale: their read,
 * which the cards show once it is answered. Nothing while no client is open.
 */
export const staleOperations = (clientId: string | null) => (clientId === null ? [] : [getOperationsQueryOptions(clientId).queryKey]);

/** The operations as the screen shows them: the server's, each with the attendant's changes over it. */
export const withEdits = (listed: readonly Operation[], edits: OperationEdits): Operation[] =>
  listed.map((operation) => (edits[operation.OperacaoID] ? { ...operation, ...edits[operation.OperacaoID] } : operation));

/**
 * The card shown: the operation the attendant selected, otherwise the first (product-spec §2: the first operation is
 * selected on load, and stays the default while the list is read again). Undefined without operations.
 */
export const selectedOperation = (operations: readonly Operation[], selectedId: number | null): Operation | undefined =>
  operations.find((operation) => operation.OperacaoID === selectedId) ?? operations[0];

/** The benefit type of product-spec §3: the credit type of the selected operation, 0 without one. */
export const benefitTypeOf = (selected: Operation | undefined) => selected?.ID_TipoCredito ?? 0;

/** The list with one operation's fields replaced; the very same list when it holds no such operation. */
export function mergeOperation(list: Operation[], changes: OperationChanges): Operation[] {
  if (!list.some((operation) => operation.OperacaoID === changes.OperacaoID)) return list;
  return list.map((operation) => (operation.OperacaoID === changes.OperacaoID ? { ...operation, ...changes } : operation));
}

/**
 * Writes what the server answered about one of a client's operations into the cached list; false when the list
 * (not read yet, or another client's) does not hold that operation. A read of the list already under way left
 * before the change was stored: it is read again rather than let it bring the old figures back.
 */
export function mergeIntoCachedOperations(queryClient: QueryClient, clientId: string, changes: OperationChanges): boolean {
  const { queryKey } = getOperationsQueryOptions(clientId);
  const list = queryClient.getQueryData(queryKey);
  const merged = list && mergeOperation(list, changes);
  if (!merged || merged === list) return false;
  queryClient.setQueryData(queryKey, merged);
  if (queryClient.isFetching({ queryKey }) > 0) void queryClient.invalidateQueries({ queryKey });
  return true;
}
