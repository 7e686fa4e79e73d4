/**
 * 'Enviar simulação' (POST /crm/simulacao/enviar, company 1 only): the selected operations re-priced at the rate
 * in force and recorded in one transaction, then e-mailed to the client. The route calls it; the SQL is in
 * simulations.repository.ts, the pricing in operations/pricing.ts, the message in mail.ts.
 */
import type { simulationSendRequest, SimulationSendResponse } from '@consig/shared/contracts';
import type { CalendarDate } from '@consig/shared/credit';
import type { FastifyBaseLogger } from 'fastify';
import type * as z from 'zod/mini';
import type { CompanyScope } from '../auth/scope';
import { createClientsRepository } from '../clients/clients.repository';
import { ApiError, TEXT } from '../http/errors';
import { sendMail, type MailServer } from '../mail/mail';
import { priceSelected, selectedOperations } from '../operations/pricing';
import { SIMULATION_SUBJECT, simulationText } from './mail';
import { createSimulationsRepository, type DeliveryState } from './simulations.repository';

type SimulationBody = z.output<typeof simulationSendRequest>;

const TEXT_BY_STATE: Record<Exclude<DeliveryState, 'pendente'>, (email: string) => string> = {
  enviado: (email) => `Simulação registrada e enviada para ${email}.`,
  falhou: () => 'Simulação registrada, mas o envio do e-mail falhou. Tente novamente mais tarde.',
  nao_configurado: () => 'Simulação registrada. O e-mail não foi enviado: o envio de e-mails não está configurado.',
  sem_email: () => 'Simulação registrada. O e-mail não foi enviado: o cliente não tem e-mail cadastrado.',
};

export interface SimulationContext {
  /** The São Paulo day the offers are priced on. */
  today: CalendarDate;
  /** The SMTP server; undefined when the installation sends no e-mail. */
  mail: MailServer | undefined;
  log: FastifyBaseLogger;
}

/**
 * Records the simulation (no operation selected, or one the rules refuse: Refused and nothing written; another
 * company's client or operation: 404), then sends the e-mail after the commit, so the record never depends on the
 * SMTP server, and keeps what became of it.
 */
export async function sendSimulation(
  scope: CompanyScope,
  attendantId: number,
  { cliente, contratar }: SimulationBody,
  { today, mail, log }: SimulationContext,
): Promise<SimulationSendResponse> {
  const selected = selectedOperations(contratar);
  const email = cliente.EM_Email ? cliente.EM_Email : null;
  const state: DeliveryState = !email ? 'sem_email' : mail ? 'pendente' : 'nao_configurado';

  const recorded = await scope.db.transaction(async (tx) => {
    const bound = { db: tx, companyId: scope.companyId };
    if (!(await createClientsRepository(bound).exists(cliente.ClienteID))) throw new ApiError(404, TEXT.clientNotFound);
    const operations = await priceSelected(bound, cliente.ClienteID, selected, today);
    const id = await createSimulationsRepository(bound).record({ clientId: cliente.ClienteID, attendantId, email, state, operations });
    return { id, operations };
  });

  let final: Exclude<DeliveryState, 'pendente'> = state === 'pendente' ? 'enviado' : state;
  if (state === 'pendente' && mail && email) {
    try {
      await sendMail(mail, { to: email, subject: SIMULATION_SUBJECT, text: simulationText(cliente.DE_Pessoa, recorded.operations) });
    } catch (error) {
      log.warn({ err: error, simulacao: recorded.id }, 'envio do e-mail da simulação falhou');
      final = 'falhou';
    }
    await createSimulationsRepository(scope).setDelivery(recorded.id, final);
  }
  return { success: true, text: TEXT_BY_STATE[final](email ?? ''), data: { ID_Simulacao: recorded.id, TP_Envio: final } };
}
