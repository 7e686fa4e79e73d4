/**
 * 'Registrar proposta' (POST /crm/proposta/0; docs/rules.md "Proposals and tickets"): the client's form and one
 * proposal per selected operation, re-priced at the rate in force, in one transaction. The route calls it; the
 * SQL is in proposals.repository.ts, the pricing in operations/pricing.ts.
 */
import {
  creditTypeLabel,
  type OperationForm,
  type proposalRegistrationRequest,
  type ProposalRegistrationResponse,
} from '@consig/shared/contracts';
import type { CalendarDate } from '@consig/shared/credit';
import type * as z from 'zod/mini';
import type { CompanyScope } from '../auth/scope';
import { saveClientForm } from '../clients/saveClient';
import type { Db } from '../db';
import { ApiError } from '../http/errors';
import { createLookupsRepository } from '../lookups/lookups.repository';
import { mlBankIssue, UNKNOWN_BANK_TEXT } from '../operations/bankRules';
import { rateText } from '../operations/offer';
import { priceSelected, selectedOperations, type PricedOperation } from '../operations/pricing';
import { createProposalsRepository } from './proposals.repository';

type RegistrationBody = z.output<typeof proposalRegistrationRequest>;

/** DE_Tabela: the credit type and the rate in force the proposal was priced at ('INSS 1,66% a.m.'). */
const tableOf = ({ stored, figures }: PricedOperation) =>
  `${creditTypeLabel(stored.ID_TipoCredito)} ${rateText(figures.rate).replace('.', ',')}% a.m.`;

/** The success toast names every ADE created, so the attendant can quote it to the client. */
const registeredText = (ades: readonly string[]) =>
  ades.length === 1
    ? `Proposta ADE ${ades[0]} registrada com sucesso.`
    : `${ades.length} propostas registradas com sucesso: ADE ${ades.join(', ')}.`;

/** One proposal in progress per operation (docs/rules.md "Proposals and tickets"). */
const duplicateText = (ade: string) => `Já existe a proposta ADE ${ade} em andamento para esta operação.`;

/** The lending bank: the operation's, or the one typed on the card when the operation has none. */
const lenderOf = ({ stored, form }: PricedOperation) => (stored.CO_Banco ? Number(stored.CO_Banco) : Number(form.CO_Banco));

/**
 * The first bank the rules refuse, as the 400 text naming its entry of `contratar`: a typed code that is no bank
 * ('Banco inexistente.'), then a lender outside the ML banks on an ML operation; null when every bank passes.
 */
async function bankIssue(db: Db, contratar: readonly OperationForm[], priced: readonly PricedOperation[]): Promise<string | null> {
  const unknown = await createLookupsRepository(db).unknownBanks(priced.map(({ form }) => Number(form.CO_Banco)));
  if (unknown.length > 0) {
    const index = contratar.findIndex((operation) => Number(operation.CO_Banco) === unknown[0]);
    return `contratar.${index}.CO_Banco: ${UNKNOWN_BANK_TEXT}`;
  }
  for (const operation of priced) {
    const issue = mlBankIssue(operation.stored.ID_TipoCredito, lenderOf(operation));
    const index = contratar.findIndex((entry) => entry.OperacaoID === operation.form.OperacaoID);
    if (issue) return `contratar.${index}.CO_Banco: ${issue}`;
  }
  return null;
}

/**
 * Saves the client's form and registers one proposal (status 10) per selected operation, all or nothing: no
 * operation selected, or one the rules refuse, throws Refused; an operation that already has a proposal in
 * progress 409; a field or bank the rules refuse 400 (naming it); another company's client or operation 404.
 */
export async function registerProposals(
  scope: CompanyScope,
  attendantId: number,
  { cliente, contratar }: RegistrationBody,
  on: CalendarDate,
): Promise<ProposalRegistrationResponse> {
  const selected = selectedOperations(contratar);
  const created = await scope.db.transaction(async (tx) => {
    const bound = { db: tx, companyId: scope.companyId };
    const proposals = createProposalsRepository(bound);
    await saveClientForm(bound, cliente.ClienteID, cliente, on, 'cliente.');

    // Prices under the operations' row locks, held until commit: a second registration of the same operation
    // waits here, then finds the first one's proposal below and is refused.
    const priced = await priceSelected(bound, cliente.ClienteID, selected, on);
    const [existing] = await proposals.inProgressFor(priced.map(({ stored }) => stored.OperacaoID));
    if (existing) throw new ApiError(409, duplicateText(existing.CO_ADE));
    const issue = await bankIssue(tx, contratar, priced);
    if (issue) throw new ApiError(400, issue);

    const rows = [];
    for (const operation of priced) {
      const bankId = lenderOf(operation);
      rows.push(await proposals.create({ attendantId, clientId: cliente.ClienteID, operation, bankId, table: tableOf(operation) }));
    }
    return rows;
  });
  return { success: true, text: registeredText(created.map((proposal) => proposal.CO_ADE)), data: created };
}
