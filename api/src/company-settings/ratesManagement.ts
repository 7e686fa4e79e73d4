/**
 * A company's monthly rates per credit type and bank (issue 22 "Company settings", docs/rules.md "Rates"): the list
 * with each rate's state and the cap in force on its day, a new rate, and the removal of one not yet in force. A rate
 * is never changed: a new one is a new row from its day, so every past offer can still be explained by the rate and
 * the cap it was computed with. Each change is one transaction with its audit row. Routes call these; the SQL is in
 * rates.repository.ts.
 */
import { RATES_TEXT, type Person, type RateForm, type RateRow, type RateState, type RatesQuery } from '@consig/shared/contracts';
import { compareDates, percentRate, refusalText, type CalendarDate } from '@consig/shared/credit';
import { recordAudit, type AuditEntry } from '../audit/audit';
import type { CompanyScope } from '../auth/scope';
import { isUniqueViolation, type Db } from '../db';
import { ApiError } from '../http/errors';
import { checkRateCap, rateCapOn } from '../operations/limitsInForce';
import { rateText } from '../operations/offer';
import { createRatesRepository, type StoredRate } from './rates.repository';

/** Who asks, from which client address (for the audit), and the São Paulo day it is for them (the app's clock). */
export interface RatesCaller {
  actor: Person;
  address: string | null;
  today: CalendarDate;
}

/** '2025-04-04' → '04/04/2025', as the screens write days. */
const brazilianDay = (day: CalendarDate) => day.split('-').reverse().join('/');

const sameGroup = (a: StoredRate, b: StoredRate) => a.ID_TipoCredito === b.ID_TipoCredito && a.ID_Banco === b.ID_Banco;

/**
 * The rate's state on `today` among `rates` (which hold its whole group: same type, same bank or any bank): a later
 * rate of the group already in force has replaced it. A bank's rate wins over the any-bank one whatever their days
 * (operations.repository.ts), so the two kinds never replace each other.
 */
function stateOf(rate: StoredRate, rates: readonly StoredRate[], today: CalendarDate): RateState {
  if (compareDates(rate.DT_Vigencia, today) > 0) return 'Futura';
  const replaced = rates.some(
    (other) =>
      sameGroup(other, rate) && compareDates(other.DT_Vigencia, rate.DT_Vigencia) > 0 && compareDates(other.DT_Vigencia, today) <= 0,
  );
  return replaced ? 'Substituída' : 'Em vigor';
}

/** The row of the wire: the rate as configured ('1.85', not '1.8500'), its state and the cap in force on ITS day. */
function toRow(rate: StoredRate, rates: readonly StoredRate[], today: CalendarDate): RateRow {
  const { bankName, ...stored } = rate;
  const cap = rateCapOn(rate.ID_TipoCredito, rate.DT_Vigencia);
  return {
    ...stored,
    DE_Banco: bankName ?? RATES_TEXT.anyBank,
    VL_TaxaMensal: rateText(percentRate(rate.VL_TaxaMensal)),
    DE_Situacao: stateOf(rate, rates, today),
    VL_Teto: cap ? rateText(cap.rate) : null,
    DT_VigenciaTeto: cap?.from ?? null,
    DE_FonteTeto: cap?.setBy ?? null,
  };
}

/**
 * The refusal of a rate above the cap in force on its day (not today's: a rate is judged by the rule of the days it
 * applies), with the credit module's text and who set that cap; null within it or for a type without one.
 */
function capRefusal(form: RateForm): string | null {
  const refusal = checkRateCap(form.ID_TipoCredito, percentRate(form.VL_TaxaMensal), form.DT_Vigencia);
  const cap = rateCapOn(form.ID_TipoCredito, form.DT_Vigencia);
  if (!refusal || !cap) return null;
  return `${refusalText(refusal)} ${cap.setBy}, desde ${brazilianDay(cap.from)}.`;
}

/** The unique index taxa_vigencia refused the insert: another request registered the same day first. */
async function written<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError(409, RATES_TEXT.duplicate);
    throw error;
  }
}

const audit = (db: Db, scope: CompanyScope, { actor, address }: RatesCaller, entry: Pick<AuditEntry, 'action' | 'before' | 'after'>) =>
  recordAudit(db, { companyId: scope.companyId, personId: actor.ID_Pessoa, address, ...entry });

/** GET /cadastros/taxas. */
export async function listRates(scope: CompanyScope, query: RatesQuery, today: CalendarDate) {
  // Both filters are exact (a type; a bank, or none), so the list holds every rate its rows' states depend on.
  const rates = await createRatesRepository(scope).list({ creditType: query.ID_TipoCredito, bank: query.ID_Banco });
  const data = rates.map((rate) => toRow(rate, rates, today));
  return { success: true, text: `${data.length} taxa(s).`, data };
}

/** POST /cadastros/taxas: a new rate from its day, within the cap in force on that day. */
export async function createRate(scope: CompanyScope, form: RateForm, caller: RatesCaller) {
  const refused = capRefusal(form);
  if (refused) throw new ApiError(400, `VL_TaxaMensal: ${refused}`);
  const bank = form.ID_Banco ?? null;
  const row = await scope.db.transaction(async (tx) => {
    const rates = createRatesRepository({ db: tx, companyId: scope.companyId });
    if (bank !== null && !(await rates.bankExists(bank))) throw new ApiError(400, `ID_Banco: ${RATES_TEXT.bank}`);
    if (await rates.dayTaken(form.ID_TipoCredito, bank, form.DT_Vigencia)) throw new ApiError(409, RATES_TEXT.duplicate);
    const id = await written(() =>
      rates.insert({
        creditType: form.ID_TipoCredito,
        bank,
        percent: form.VL_TaxaMensal,
        day: form.DT_Vigencia,
        source: form.DE_Fonte ?? '',
      }),
    );
    const group = await rates.sameTypeAndBank(form.ID_TipoCredito, bank);
    const created = toRow(
      group.find((rate) => rate.ID_Taxa === id)!,
      group,
      caller.today,
    );
    await audit(tx, scope, caller, { action: 'taxa.criacao', after: created });
    return created;
  });
  return {
    success: true,
    text: `Taxa cadastrada: ${row.DE_TipoCredito}, ${row.DE_Banco}, ${row.VL_TaxaMensal.replace('.', ',')}% a.m. a partir de ${brazilianDay(row.DT_Vigencia)}.`,
    data: row,
  };
}

/**
 * DELETE /cadastros/taxas/{ID_Taxa}: only a rate not yet in force (its day after today). One that has been in force
 * may have priced an offer, which must stay explainable: a new rate replaces it instead.
 */
export async function removeRate(scope: CompanyScope, rateId: number, caller: RatesCaller) {
  const removed = await scope.db.transaction(async (tx) => {
    const rates = createRatesRepository({ db: tx, companyId: scope.companyId });
    const rate = await rates.lock(rateId);
    if (!rate) throw new ApiError(404, RATES_TEXT.notFound);
    if (compareDates(rate.DT_Vigencia, caller.today) <= 0) throw new ApiError(409, RATES_TEXT.alreadyInForce);
    const before = toRow(rate, [rate], caller.today);
    await rates.remove(rateId);
    await audit(tx, scope, caller, { action: 'taxa.remocao', before });
    return before;
  });
  return {
    success: true,
    text: `Taxa futura removida: ${removed.DE_TipoCredito}, ${removed.DE_Banco}, a partir de ${brazilianDay(removed.DT_Vigencia)}.`,
  };
}
