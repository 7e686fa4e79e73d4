import type { Operation } from '@consig/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { updateOperation } from '../api/updateOperation';
import { useAttendanceStore, useCurrentOperations } from '../state/AttendanceContext';
import { mergeIntoCachedOperations } from '../state/operations';
import { screenToast } from '../ui/screenToast';
import { accountToSend, clientFieldsToSend } from './sentFields';
import { NO_TERM } from './terms';

/** Typing pauses this long before the offer is recomputed: a value typed in one go sends one request. */
export const RECALCULATION_DEBOUNCE_MS = 500;

/** What the card's inputs hold: the figures as typed, and which amount the user changed last. */
export interface Draft {
  NU_Parcelas: number;
  VL_Parcela: string;
  VL_Liquido: string;
  VL_SaldoDevedor: string;
  TP_Calculo: 'parcela' | 'liquido';
}

const figuresOf = (operation: Operation): Draft => ({
  NU_Parcelas: operation.NU_Parcelas,
  VL_Parcela: operation.VL_Parcela,
  VL_Liquido: operation.VL_Liquido,
  VL_SaldoDevedor: operation.VL_SaldoDevedor,
  TP_Calculo: 'parcela',
});

const sameFigures = (a: Draft, b: Draft) =>
  a.NU_Parcelas === b.NU_Parcelas &&
  a.VL_Parcela === b.VL_Parcela &&
  a.VL_Liquido === b.VL_Liquido &&
  a.VL_SaldoDevedor === b.VL_SaldoDevedor;

/**
 * The editable figures of an operation card and their recalculation (product-spec §4 "Operation cards",
 * §7 crm/atualizaOperacao). A change of term, installment or net value (never the first render) is sent
 * once typing pauses; only the answer to the newest edit is applied, so a late answer never overwrites a
 * newer value, and a refusal of an outdated value is not shown. A refusal of the newest returns the inputs to
 * the last accepted figures. When a push changed this operation, the
 * pending recalculation is skipped and the card shows the pushed figures. Each request also carries the
 * selection, the card's bank fields and the client fields (sentFields.ts), which the server stores with the
 * offer: edited alone, they leave with the next recalculation.
 *
 * Failures use the screen's toast rather than the shared useApiMutation: that hook toasts every answer,
 * successes included (one toast per pause in typing) and the refusals of outdated values, which must stay
 * silent here; and it applies answers in hook callbacks, which stop once the card unmounts, while the
 * answer to what was typed before leaving the card must still reach the cached operations.
 */
export function useRecalculation(operation: Operation, clientId: number) {
  const store = useAttendanceStore();
  const queryClient = useQueryClient();
  const currentOperations = useCurrentOperations();
  const [draft, setDraft] = useState(() => figuresOf(operation));
  const [synced, setSynced] = useState(() => figuresOf(operation));
  const edits = useRef(0);
  const pending = useRef<(() => void) | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // The operation's figures changed (an applied answer, a push, the list read again): the inputs show them.
  const stored = figuresOf(operation);
  if (!sameFigures(stored, synced)) {
    setSynced(stored);
    setDraft(stored);
  }

  const skip = store.getState().skipNextRecalculation === operation.OperacaoID;
  useEffect(() => {
    if (!skip) return;
    clearTimeout(timer.current);
    pending.current = null;
    edits.current += 1; // an answer still on its way is older than the pushed figures
    store.dispatch({ type: 'recalculationSkipped' });
  }, [skip, store]);

  // Leaving the card (another tab) sends what was typed rather than losing it.
  useEffect(
    () => () => {
      clearTimeout(timer.current);
      pending.current?.();
    },
    [],
  );

  const send = async (values: Draft, edit: number) => {
    pending.current = null;
    // The card and the client as they are now: the selection, the bank fields and §7's client fields ride along.
    const { client, clientId: listedAs } = store.getState();
    const current = currentOperations().find((candidate) => candidate.OperacaoID === operation.OperacaoID);
    try {
      const offer = await updateOperation({
        OperacaoID: operation.OperacaoID,
        ID_Cliente: clientId,
        ID_TipoCredito: operation.ID_TipoCredito,
        SN_Selecionado: current?.SN_Selecionado === 1,
        ...(current && accountToSend(current)),
        ...(client && clientFieldsToSend(client)),
        ...values,
      });
      // The server stored the offer: it joins the client's operations where the screen reads them.
      if (edit === edits.current && listedAs !== null) mergeIntoCachedOperations(queryClient, listedAs, offer);
    } catch (error) {
      if (edit !== edits.current) return;
      screenToast.error(error);
      // A refused term or amount is not the card's: the inputs return to the last figures accepted (loaded,
      // computed or pushed), which the cached operations hold.
      const last = currentOperations().find((candidate) => candidate.OperacaoID === operation.OperacaoID);
      if (last) setDraft(figuresOf(last));
    }
  };

  /**
   * A user's change of term, installment or net value: shown at once, sent once typing pauses. Without a term
   * ('Selecione', product-spec §9's 0) there is no offer to ask for: the amounts wait for the term.
   */
  const change = (changes: Partial<Draft>) => {
    const next = { ...draft, ...changes };
    setDraft(next);
    edits.current += 1;
    const edit = edits.current;
    clearTimeout(timer.current);
    if (next.NU_Parcelas === NO_TERM) {
      pending.current = null;
      return;
    }
    pending.current = () => void send(next, edit);
    timer.current = setTimeout(() => pending.current?.(), RECALCULATION_DEBOUNCE_MS);
  };

  /** The debit balance is held and sent with the next recalculation (it is not one of §7's triggers). */
  const holdDebitBalance = (VL_SaldoDevedor: string) => setDraft((current) => ({ ...current, VL_SaldoDevedor }));

  return { draft, change, holdDebitBalance };
}
