import { createQueryClient, operationKeys } from '@consig/shared/query';
import { QueryObserver } from '@tanstack/react-query';
import { waitFor } from '@testing-library/react';
import { anOperation } from '../testData';
import { benefitTypeOf, mergeIntoCachedOperations, mergeOperation, selectedOperation, staleOperations, withEdits } from './operations';

const deferred = <T>() => {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((ok) => {
    resolve = ok;
  });
  return { promise, resolve };
};

const inss = anOperation({ OperacaoID: 70, ID_TipoCredito: 1, VL_Parcela: '186.69' });
const fgts = anOperation({ OperacaoID: 71, ID_TipoCredito: 4 });
const offer = {
  OperacaoID: 70,
  SN_Selecionado: 1,
  NU_Parcelas: 84,
  VL_Parcela: '300.00',
  VL_Bruto: '12000.00',
  VL_Liquido: '12000.00',
  VL_SaldoDevedor: '0.00',
  DE_Bruto: 'R$ 12.000,00',
  DE_Liquido: 'R$ 12.000,00',
  VL_Taxa: '1.80',
  VL_IOF: '100.00',
  VL_CETMensal: '1.90',
  VL_CETAnual: '25.34',
  DT_Validade: '2026-11-24',
};

describe('the card shown (product-spec §2)', () => {
  it('is the first operation until the attendant selects another, and the benefit type is its credit type', () => {
    expect(selectedOperation([inss, fgts], null)).toBe(inss);
    expect(selectedOperation([inss, fgts], 71)).toBe(fgts);
    expect(benefitTypeOf(selectedOperation([inss, fgts], 71))).toBe(4);
  });

  it('falls back to the first when the list read again no longer holds the selected one; none without operations', () => {
    expect(selectedOperation([inss], 71)).toBe(inss);
    expect(selectedOperation([], null)).toBeUndefined();
    expect(benefitTypeOf(undefined)).toBe(0);
  });
});

it("shows the attendant's changes over the server's operations, leaving the others as they are", () => {
  const shown = withEdits([inss, fgts], { 70: { SN_Selecionado: 1, CO_Agencia: '1234' } });
  expect(shown[0]).toEqual({ ...inss, SN_Selecionado: 1, CO_Agencia: '1234' });
  expect(shown[1]).toBe(fgts);
});

it('a recalculated offer replaces the figures of its operation only; an unknown operation leaves the list as it is', () => {
  const list = [inss, fgts];
  const merged = mergeOperation(list, offer);
  expect(merged[0]).toEqual({ ...inss, ...offer });
  expect(merged[1]).toBe(fgts);
  expect(mergeOperation(list, { OperacaoID: 99, VL_Parcela: '1.00' })).toBe(list);
});

describe("the server's answers about an operation, in the cached list", () => {
  const key = operationKeys.list({ clientId: '7' });

  it('are merged into the operation of that client, which the cache holds from then on', () => {
    const queryClient = createQueryClient();
    queryClient.setQueryData(key, [inss, fgts]);
    expect(mergeIntoCachedOperations(queryClient, '7', offer)).toBe(true);
    expect(queryClient.getQueryData(key)).toEqual([{ ...inss, ...offer }, fgts]);
  });

  it('are ignored for an operation the list does not hold, or a list not read', () => {
    const queryClient = createQueryClient();
    queryClient.setQueryData(key, [inss]);
    expect(mergeIntoCachedOperations(queryClient, '7', { OperacaoID: 99, VL_Parcela: '1.00' })).toBe(false);
    expect(queryClient.getQueryData(key)).toEqual([inss]);
    expect(mergeIntoCachedOperations(queryClient, '8', offer)).toBe(false);
  });

  it('make a read already under way (left before the change was stored) read again, not bring the old figures back', async () => {
    const queryClient = createQueryClient();
    const reads = [deferred<unknown>(), deferred<unknown>()];
    let calls = 0;
    const observer = new QueryObserver(queryClient, { queryKey: key, queryFn: () => reads[calls++].promise, staleTime: Infinity });
    queryClient.setQueryData(key, [inss]);
    const unsubscribe = observer.subscribe(() => undefined); // the screen reads the list
    void observer.refetch();

    mergeIntoCachedOperations(queryClient, '7', offer);
    reads[0].resolve([inss]);
    reads[1].resolve([{ ...inss, ...offer }]);
    await waitFor(() => expect(queryClient.isFetching({ queryKey: key })).toBe(0));
    expect(calls).toBe(2);
    expect(queryClient.getQueryData(key)).toEqual([{ ...inss, ...offer }]);
    unsubscribe();
  });
});

it('a write that re-prices the operations names the read of the open client only', () => {
  expect(staleOperations('7')).toEqual([operationKeys.list({ clientId: '7' })]);
  expect(staleOperations(null)).toEqual([]);
});
