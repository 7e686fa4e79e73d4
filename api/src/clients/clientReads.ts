/**
 * Every read of a client's record by anyone is counted, per person and São Paulo day (issue 21 item 3; docs/rules.md
 * "Clients and lookups"), so a person reading far more clients than a day's work needs (a scrape of the base, a
 * session used by someone else) reaches the company's managers the same day (LGPD, Lei 13.709/2018 art. 46).
 *
 * A read is a successful answer that hands out a client's personal data by itself: the record (GET
 * /crm/cliente/basicoPorID/{id}, GET /crm/cliente/basico/{cpf}), the phones (GET /crm/cliente/telefones/{id}) and a
 * document's file (GET /crm/cliente/{id}/documentos/{DocumentoID}). Opening a client on the service screen is
 * thus two reads (record and phones). The screen's other lists (operations, simulations, calls, the documents'
 * names) come with a record already counted, and writes answer what the person just sent.
 */
import { ALERT_CLIENT_READS, clientReadsAlertText, type ClientReadsAlertData } from '@consig/shared/contracts';
import { saoPauloDate } from '@consig/shared/credit';
import type { FastifyRequest } from 'fastify';
import { companyScope } from '../auth/scope';
import { createClientReadsRepository } from './clientReads.repository';

/**
 * Whether the day's `reads`-th read is one that alerts: the first past the threshold, then the first past each
 * further multiple of it (2×, 3×…). A read past the threshold alone would alert the managers on every read that
 * follows; once per threshold's worth tells them a scrape goes on without burying them.
 */
export const readAlerts = (reads: number, limit: number) => reads > limit && (reads - 1) % limit === 0;

/**
 * Counts one read by the signed-in person (one upsert, awaited: a read is answered once counted). The read that
 * crosses a threshold also writes the audit row and alerts every active manager, in one transaction; should that
 * fail, the read is still answered and the failure logged, as the person is not to blame for it.
 */
export async function countClientRead(request: FastifyRequest): Promise<void> {
  const { pessoa: person, server } = request;
  const scope = companyScope(request);
  const day = saoPauloDate(server.clock());
  const reads = await createClientReadsRepository(scope).count(person.ID_Pessoa, day);
  const limit = server.config.clientReads.alertPerDay;
  if (!readAlerts(reads, limit)) return;

  const data: ClientReadsAlertData = {
    ID_Pessoa: person.ID_Pessoa,
    DE_Pessoa: person.DE_Pessoa,
    NU_Leituras: reads,
    NU_Limite: limit,
    DT_Dia: day,
  };
  const alert = { TP_Alerta: ALERT_CLIENT_READS, DE_Dados: data, DE_Observacao: clientReadsAlertText(person.DE_Pessoa, reads, limit) };
  try {
    await scope.db.transaction(async (tx) => {
      const repository = createClientReadsRepository({ db: tx, companyId: scope.companyId });
      await repository.audit(person.ID_Pessoa, request.ip, { NU_Leituras: reads, NU_Limite: limit, DT_Dia: day });
      for (const manager of await repository.managers()) await server.realtime.push(manager, alert, tx);
    });
  } catch (err) {
    request.log.error({ err }, 'alerta de leituras de clientes não registrado');
  }
}
