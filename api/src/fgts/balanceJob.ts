import type { FastifyInstance } from 'fastify';
import { CREDIT_TYPE, AGENCY, ALERT_OPERATION_UPDATE, type Operation, type RealtimeAlert } from '@consig/shared/contracts';
import { FGTS_MIN_YEARS, formatCents, largestFgtsTermFor, saoPauloDate, type CalendarDate, type Cents } from '@consig/shared/credit';
import { z } from 'zod';
import type { Db } from '../db';
import type { GiveUpHandler, Job, JobHandler } from '../jobs';
import { computeOffer } from '../operations/offer';
import { createOperationsRepository } from '../operations/operations.repository';
import type { Realtime } from '../realtime/realtime';
import { createFgtsRepository } from './fgts.repository';
import { operationCard } from '../operations/operationCard';
import type { FgtsBalanceProvider } from './provider';

/** Job kind of a balance check (table tarefa, co_tipo). */
export const FGTS_BALANCE_JOB = 'saldo_fgts';

/** Attempts before giving up: with the queue's backoff (10 s doubling) about 70 s of trying. */
export const FGTS_BALANCE_MAX_ATTEMPTS = 4;

/**
 * Realtime alert telling the attendant the check gave up (the provider kept failing, or the operation is no
 * longer one whose balance can be checked). Shown as a warning like every alert; it updates no card.
 */
export const ALERT_FGTS_BALANCE_FAILED = 1088;

/** What the route enqueues. */
export const fgtsBalancePayload = z.object({
  operationId: z.number().int().positive(),
  clientId: z.number().int().positive(),
  /** Who asked: the alert goes to that person's sockets. */
  personId: z.number().int().positive(),
  cpf: z.string().regex(/^\d{11}$/),
  phone: z.string().nullable(),
});
export type FgtsBalancePayload = z.infer<typeof fgtsBalancePayload>;

const FAILED_TEXT = 'Não foi possível consultar o saldo FGTS agora. Tente novamente em alguns minutos.';
const GONE_TEXT = 'Não foi possível atualizar o saldo FGTS: a operação não está mais disponível para consulta.';

const years = (count: number) => `${count} ${count === 1 ? 'ano' : 'anos'}`;

/** What the attendant reads: the balance, then the largest anticipation and its net value, or why there is none. */
function observation(balance: Cents, offer: { years: number; net: Cents } | { refusal: string }): string {
  const head = `Saldo FGTS atualizado: ${formatCents(balance)}.`;
  return 'refusal' in offer
    ? `${head} ${offer.refusal}`
    : `${head} Antecipação de até ${years(offer.years)}: ${formatCents(offer.net)} líquidos.`;
}

interface Dependencies {
  db: Db;
  realtime: Pick<Realtime, 'push'>;
  provider: FgtsBalanceProvider;
  /** The instant the rules in force are looked up at (app.clock). */
  clock: () => Date;
}

/**
 * Stores the balance on the operation (VL_BaseCalculo) and recomputes it with the legal table and the limits in
 * force: the term becomes the largest the balance and the rules allow (the best offer; the attendant may shorten
 * it on the card). Then, in the same transaction, alert 1087 with the operation as GET /crm/cliente/operacoes
 * shows it. Undefined when the operation can no longer be checked (gone, no longer FGTS, client not INSS).
 */
async function applyBalance(
  tx: Db,
  companyId: number,
  payload: FgtsBalancePayload,
  balance: Cents,
  on: CalendarDate,
): Promise<RealtimeAlert | undefined> {
  const fgts = createFgtsRepository({ db: tx, companyId });
  const operations = createOperationsRepository({ db: tx, companyId });
  const locked = await operations.lockOne(payload.operationId, on);
  const target = await fgts.target(payload.operationId);
  if (
    !locked ||
    !target ||
    target.clientId !== payload.clientId ||
    target.creditType !== CREDIT_TYPE.FGTS ||
    target.agency !== AGENCY.INSS
  ) {
    return undefined;
  }
  await fgts.storeBalance(payload.operationId, balance);
  const largest = largestFgtsTermFor({ balance, on });
  const term = largest >= FGTS_MIN_YEARS ? largest : locked.NU_Parcelas;
  const basis = { creditType: CREDIT_TYPE.FGTS, base: balance, storedMargin: locked.margem, ratePercent: locked.taxa };
  const result = computeOffer(basis, { term, by: 'installment', installment: 0, debitBalance: 0 }, on);
  if (result.ok) await operations.saveOffer(payload.operationId, result.figures, locked.SN_Selecionado);
  else await fgts.clearOffer(payload.operationId);

  const updated = (await operations.lockOne(payload.operationId, on))!;
  return {
    TP_Alerta: ALERT_OPERATION_UPDATE,
    DE_Dados: pushedCard(operationCard(updated, on)),
    DE_Observacao: observation(balance, result.ok ? { years: result.figures.term, net: result.figures.net } : { refusal: result.text }),
  };
}

/**
 * The card as alert 1087 carries it: the `operacao` of GET /crm/cliente/operacoes without `ID_Cliente`.
 * product-spec §4 merges a pushed update by OperacaoID only when its ID_Cliente differs from the current
 * client's ClienteID (the screen keeps that rule exactly as written); an operation id is unique, so the update
 * finds its card by OperacaoID alone, and leaving the client id out is what lets the rule merge it.
 */
function pushedCard(card: Operation): Omit<Operation, 'ID_Cliente'> {
  const pushed: Partial<Operation> = { ...card };
  delete pushed.ID_Cliente;
  return pushed as Omit<Operation, 'ID_Cliente'>;
}

/**
 * The balance check (docs/rules.md "FGTS balance"): asks the provider, applies the balance, alerts the person who
 * asked. Idempotent (the same balance gives the same operation), as the queue delivers at least once. A provider
 * or database failure is retried with the queue's backoff; when the queue gives up, `warnBalanceGaveUp` alerts the
 * person instead of leaving them waiting.
 */
export function fgtsBalanceHandler({ db, realtime, provider, clock }: Dependencies): JobHandler {
  return async (job: Job) => {
    const payload = fgtsBalancePayload.parse(job.payload);
    const companyId = job.companyId;
    if (companyId === null) throw new Error('Consulta de saldo FGTS sem empresa.');
    const balance = await provider.balanceOf({ cpf: payload.cpf, phone: payload.phone, signal: job.signal });
    // Lost the lease while waiting: another worker runs the job now and will write and alert.
    job.signal.throwIfAborted();
    const on = saoPauloDate(clock());
    const applied = await db.transaction(async (tx) => {
      const alert = await applyBalance(tx, companyId, payload, balance, on);
      // Sent at commit: the attendant never sees figures that were rolled back.
      if (alert) await realtime.push(payload.personId, alert, tx);
      return alert !== undefined;
    });
    if (!applied) await warn(realtime, payload.personId, GONE_TEXT);
  };
}

const warn = (realtime: Dependencies['realtime'], personId: number, text: string) =>
  realtime.push(personId, { TP_Alerta: ALERT_FGTS_BALANCE_FAILED, DE_Dados: null, DE_Observacao: text });

/** The queue gave up (last attempt failed, or its process died): the person who asked hears so (alert 1088). */
export const warnBalanceGaveUp =
  ({ realtime }: Pick<Dependencies, 'realtime'>): GiveUpHandler =>
  async (job) => {
    await warn(realtime, fgtsBalancePayload.parse(job.payload).personId, FAILED_TEXT);
  };

/** Registers the balance check on the app's job queue (every instance runs it; app.ts). */
export function registerFgtsBalanceJob(app: FastifyInstance, provider: FgtsBalanceProvider): void {
  const dependencies = { db: app.db, realtime: app.realtime, provider, clock: () => app.clock() };
  app.jobs.register(FGTS_BALANCE_JOB, fgtsBalanceHandler(dependencies), { onGiveUp: warnBalanceGaveUp(dependencies) });
}
