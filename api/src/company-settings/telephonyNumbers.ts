/**
 * The company's numbers at the carrier ('Cadastros' → 'Telefonia'; issue 22 "Company settings"; docs/rules.md
 * "Company telephony"): list, add, change, remove. Each change is one transaction with its audit row (the number
 * before and after), taken under the company's lock (telephony.repository.ts `lockNumbers`), so the main number
 * switches in one step and a number is never removed while a campaign calls from it. Inbound calls find the
 * company by the numbers as stored (src/calls/kamailio.repository.ts `companyOfNumber`, no cache): a number added
 * with SN_Entrada 1 is reachable at once, and one removed, or no longer inbound, stops being at once.
 */
import {
  COMPANY_NUMBER_TEXT,
  numberInUseText,
  type CompanyNumber,
  type CompanyNumberForm,
  type CompanyNumberRow,
  type Person,
} from '@consig/shared/contracts';
import { formatPhoneNumber } from '@consig/shared/format';
import { recordAudit, type AuditEntry } from '../audit/audit';
import type { CompanyScope } from '../auth/scope';
import { isUniqueViolation, type Db } from '../db';
import { ApiError } from '../http/errors';
import { createTelephonyRepository, type NumberValues } from './telephony.repository';

/** Who asks, from which client address: the audit keeps both. */
export interface TelephonyCaller {
  actor: Person;
  address: string | null;
}

type Repository = ReturnType<typeof createTelephonyRepository>;

const valuesOf = (form: CompanyNumberForm): NumberValues => ({
  number: form.NU_Numero,
  label: form.DE_Numero,
  main: form.SN_Principal,
  inbound: form.SN_Entrada,
});

/** The number's own columns, as the audit keeps them (its campaigns are not changed by these writes). */
const auditedNumber = ({ ID_Numero, NU_Numero, DE_Numero, SN_Principal, SN_Entrada }: CompanyNumber) => ({
  ID_Numero,
  NU_Numero,
  DE_Numero,
  SN_Principal,
  SN_Entrada,
});

/** A unique index refused the write: another company's request raced past `numberTaken` with the same number. */
async function written<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError(409, COMPANY_NUMBER_TEXT.taken);
    throw error;
  }
}

async function assertFree(numbers: Repository, number: string, numberId: number | null): Promise<void> {
  if (await numbers.numberTaken(number, numberId)) throw new ApiError(409, COMPANY_NUMBER_TEXT.taken);
}

/** The number made main takes over from the company's current main one, which answers its id (for the audit). */
async function takeOverMain(numbers: Repository, locked: CompanyNumber[], numberId: number | null): Promise<number | null> {
  const previous = locked.find((row) => row.SN_Principal === 1 && row.ID_Numero !== numberId);
  if (previous) await numbers.unsetMain(numberId);
  return previous?.ID_Numero ?? null;
}

const audit = (
  db: Db,
  scope: CompanyScope,
  { actor, address }: TelephonyCaller,
  entry: Pick<AuditEntry, 'action' | 'detail' | 'before' | 'after'>,
) => recordAudit(db, { companyId: scope.companyId, personId: actor.ID_Pessoa, address, ...entry });

/** GET /cadastros/numeros. */
export async function listNumbers(scope: CompanyScope) {
  const data = await createTelephonyRepository(scope).list();
  return { success: true, text: `${data.length} número(s).`, data };
}

/** POST /cadastros/numeros. */
export async function createNumber(scope: CompanyScope, form: CompanyNumberForm, caller: TelephonyCaller) {
  const row = await scope.db.transaction(async (tx): Promise<CompanyNumberRow> => {
    const numbers = createTelephonyRepository({ db: tx, companyId: scope.companyId });
    const locked = await numbers.lockNumbers();
    await assertFree(numbers, form.NU_Numero, null);
    const previousMain = form.SN_Principal === 1 ? await takeOverMain(numbers, locked, null) : null;
    const id = await written(() => numbers.insert(valuesOf(form)));
    const created = (await numbers.one(id))!;
    await audit(tx, scope, caller, {
      action: 'numero.criacao',
      detail: previousMain ? { ID_NumeroPrincipalAnterior: previousMain } : undefined,
      after: auditedNumber(created),
    });
    return created;
  });
  return { success: true, text: `Número cadastrado: ${formatPhoneNumber(row.NU_Numero)}.`, data: row };
}

/**
 * PUT /cadastros/numeros/{ID_Numero}: the whole form. The main number stays main until another one is made main
 * (a company keeps its caller number; docs/rules.md "Company telephony").
 */
export async function editNumber(scope: CompanyScope, numberId: number, form: CompanyNumberForm, caller: TelephonyCaller) {
  const row = await scope.db.transaction(async (tx): Promise<CompanyNumberRow> => {
    const numbers = createTelephonyRepository({ db: tx, companyId: scope.companyId });
    const locked = await numbers.lockNumbers();
    const before = locked.find((number) => number.ID_Numero === numberId);
    if (!before) throw new ApiError(404, COMPANY_NUMBER_TEXT.notFound);
    if (before.SN_Principal === 1 && form.SN_Principal === 0) throw new ApiError(409, COMPANY_NUMBER_TEXT.mainRequired);
    await assertFree(numbers, form.NU_Numero, numberId);
    const previousMain = form.SN_Principal === 1 ? await takeOverMain(numbers, locked, numberId) : null;
    await written(() => numbers.update(numberId, valuesOf(form)));
    const after = (await numbers.one(numberId))!;
    await audit(tx, scope, caller, {
      action: 'numero.edicao',
      detail: previousMain ? { ID_NumeroPrincipalAnterior: previousMain } : undefined,
      before: auditedNumber(before),
      after: auditedNumber(after),
    });
    return after;
  });
  return { success: true, text: `Número alterado: ${formatPhoneNumber(row.NU_Numero)}.`, data: row };
}

/**
 * DELETE /cadastros/numeros/{ID_Numero}. Refused for the main number (the caller number of every campaign without
 * one of its own) and for a number a campaign calls from, naming the campaigns: the manager moves them first.
 */
export async function removeNumber(scope: CompanyScope, numberId: number, caller: TelephonyCaller) {
  const before = await scope.db.transaction(async (tx): Promise<CompanyNumber> => {
    const numbers = createTelephonyRepository({ db: tx, companyId: scope.companyId });
    const locked = await numbers.lockNumbers();
    const number = locked.find((row) => row.ID_Numero === numberId);
    if (!number) throw new ApiError(404, COMPANY_NUMBER_TEXT.notFound);
    if (number.SN_Principal === 1) throw new ApiError(409, COMPANY_NUMBER_TEXT.mainRemoval);
    // Read under the lock: a campaign choosing this number meanwhile waits for the removal, then fails its key check.
    const { campanhas } = (await numbers.one(numberId))!;
    if (campanhas.length > 0) throw new ApiError(409, numberInUseText(campanhas.map((campaign) => campaign.DE_Campanha)));
    await numbers.remove(numberId);
    await audit(tx, scope, caller, { action: 'numero.remocao', before: auditedNumber(number) });
    return number;
  });
  return { success: true, text: `Número removido: ${formatPhoneNumber(before.NU_Numero)}.` };
}
