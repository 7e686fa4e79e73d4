/**
 * Data-subject requests by CPF (LGPD, Lei 13.709/2018 arts. 18 and 19; docs/rules.md "Data-subject requests (LGPD)"):
 * the summary, the export, the anonymisation and the do-not-call request of one client of the caller's company. Each
 * write is one transaction with its audit row, which keeps counts and ids, never the personal values. Routes call
 * these; the SQL is in dataSubject.repository.ts and categories.ts.
 */
import {
  DATA_SUBJECT_TEXT,
  dataSubjectExportFileName,
  maskedName,
  partialCpf,
  type AnonymisationResult,
  type DataSubjectSummary,
  type Person,
} from '@consig/shared/contracts';
import { saoPauloDate } from '@consig/shared/credit';
import { digitsOnly } from '@consig/shared/format';
import { recordAudit } from '../audit/audit';
import type { CompanyScope } from '../auth/scope';
import { ApiError } from '../http/errors';
import { createSuppressionRepository } from '../suppression/suppression.repository';
import { CATEGORIES } from './categories';
import { createDataSubjectRepository, DO_NOT_CALL_ORIGIN, type DataSubjectClient } from './dataSubject.repository';
import { exportSummaryLines } from './exportSummary';
import { scheduleRecordingRemoval } from './recordingRemoval';

/** Who asks, from which client address (for the audit), at which instant (the app's clock). */
export interface Caller {
  actor: Person;
  address: string | null;
  now: Date;
}

type Repository = ReturnType<typeof createDataSubjectRepository>;

async function findClient(repository: Repository, cpf: string, lock = false): Promise<DataSubjectClient> {
  const client = await repository.client(cpf, lock);
  if (!client) throw new ApiError(404, DATA_SUBJECT_TEXT.notFound);
  return client;
}

const audit = (db: CompanyScope['db'], scope: CompanyScope, { actor, address }: Caller, action: string, detail: Record<string, unknown>) =>
  recordAudit(db, { companyId: scope.companyId, personId: actor.ID_Pessoa, address, action, detail });

/** GET /cadastros/titulares/{CO_CPF}: who (masked), how much of each category, and whether anonymisation is allowed now. */
export async function dataSubjectSummary(scope: CompanyScope, cpf: string) {
  const repository = createDataSubjectRepository(scope);
  const client = await findClient(repository, cpf);
  const found = await repository.categories(client);
  const reasons = await repository.blockers(client.id);
  const data: DataSubjectSummary = {
    ID_Cliente: client.id,
    DE_CPFParcial: partialCpf(client.cpf),
    // The placeholder is no one's name: shown as it is.
    DE_Titular: client.name === DATA_SUBJECT_TEXT.anonymisedName ? client.name : maskedName(client.name),
    TS_Anonimizacao: client.anonymisedAt,
    contagens: CATEGORIES.map(({ key, label }) => ({ CO_Categoria: key, DE_Categoria: label, NU_Registros: found.get(key)?.length ?? 0 })),
    SN_PodeAnonimizar: reasons.length === 0 ? 1 : 0,
    motivos: reasons,
  };
  return { success: true, text: `Titular ${data.DE_CPFParcial} encontrado.`, data };
}

/**
 * GET /cadastros/titulares/{CO_CPF}/exportacao: every category in one JSON document with `resumo`, a readable
 * Portuguese summary. Audited before it is sent (as the other exports), with the counts, not the data.
 */
export async function exportDataSubject(scope: CompanyScope, cpf: string, caller: Caller) {
  const repository = createDataSubjectRepository(scope);
  const client = await findClient(repository, cpf);
  const found = await repository.categories(client);
  const company = await repository.companyName();
  const generatedAt = caller.now.toISOString();
  const document: Record<string, unknown> = {
    DT_Exportacao: generatedAt,
    DE_Empresa: company,
    CO_CPF: client.cpf,
    resumo: exportSummaryLines({ client, company, generatedAt, found }),
  };
  for (const { key } of CATEGORIES) document[key] = key === 'cliente' ? (found.get(key)?.[0] ?? null) : found.get(key);
  await audit(scope.db, scope, caller, 'titular.exportacao', {
    ID_Cliente: client.id,
    CO_CPF: client.cpf,
    contagens: Object.fromEntries(CATEGORIES.map(({ key }) => [key, found.get(key)?.length ?? 0])),
  });
  return { fileName: dataSubjectExportFileName(client.cpf, saoPauloDate(caller.now)), body: JSON.stringify(document, null, 2) };
}

/**
 * POST /cadastros/titulares/{CO_CPF}/anonimizacao, everything in one transaction under the client's row lock: either
 * all of it is done and audited, or nothing is. Refused (409, every reason) while a proposal is in progress, a call
 * is up or its recording still processing, or an attendant holds the client. The recordings' files are removed after
 * the commit by a job enqueued in the same transaction (recordingRemoval.ts).
 */
export async function anonymiseDataSubject(scope: CompanyScope, cpf: string, confirmation: string, caller: Caller) {
  const data = await scope.db.transaction(async (tx): Promise<AnonymisationResult> => {
    const repository = createDataSubjectRepository({ db: tx, companyId: scope.companyId });
    const client = await findClient(repository, cpf, true);
    if (digitsOnly(confirmation) !== cpf) throw new ApiError(400, `CO_CPFConfirmacao: ${DATA_SUBJECT_TEXT.confirmationMismatch}`);
    const reasons = await repository.blockers(client.id);
    if (reasons.length > 0) throw new ApiError(409, `${DATA_SUBJECT_TEXT.refused} ${reasons.join(' ')}`);
    const { recordings, calls } = await repository.detachRecordings(client.id);
    const result: AnonymisationResult = {
      ID_Cliente: client.id,
      NU_Telefones: await repository.deletePhones(client.id),
      NU_Documentos: await repository.deleteDocuments(client.id),
      NU_Gravacoes: recordings.length,
      NU_Ligacoes: calls,
      NU_Fila: await repository.deleteQueueRows(client.id),
      NU_Simulacoes: await repository.deleteSimulations(client.id),
      NU_Operacoes: await repository.settleOperations(client.id),
      NU_Chamados: await repository.clearTickets(client.id),
      NU_AcessosPorCpf: await repository.deleteCpfLookups(client.id),
      NU_LinhasImportacao: await repository.clearImportLines(client.cpf),
      NU_PropostasMantidas: await repository.keptProposals(client.id),
    };
    await repository.anonymiseClient(client.id, caller.now);
    if (recordings.length > 0) {
      await scheduleRecordingRemoval(
        tx,
        scope.companyId,
        recordings.map((recording) => recording.key),
      );
    }
    // Counts and ids only: the values removed are exactly what must not be kept (never in js_antes).
    await audit(tx, scope, caller, 'titular.anonimizacao', { CO_CPF: client.cpf, ...result });
    return result;
  });
  return {
    success: true,
    text: `Titular anonimizado. ${data.NU_PropostasMantidas} proposta(s) mantida(s) com os dados que a lei exige guardar.`,
    data,
  };
}

/**
 * POST /cadastros/titulares/{CO_CPF}/nao-perturbe: every phone of the client onto the company's suppression list
 * (the list's own insert, src/suppression), with its audit row, in one transaction.
 */
export async function dataSubjectDoNotCall(scope: CompanyScope, cpf: string, caller: Caller) {
  const data = await scope.db.transaction(async (tx) => {
    const repository = createDataSubjectRepository({ db: tx, companyId: scope.companyId });
    const client = await findClient(repository, cpf, true);
    const numbers = await repository.phoneNumbers(client.id);
    const added =
      numbers.length === 0 ? 0 : await createSuppressionRepository({ db: tx, companyId: scope.companyId }).add(numbers, DO_NOT_CALL_ORIGIN);
    const counts = { NU_Telefones: numbers.length, NU_Incluidos: added, NU_JaExistentes: numbers.length - added };
    await audit(tx, scope, caller, 'titular.nao_perturbe', { ID_Cliente: client.id, CO_CPF: client.cpf, ...counts });
    return counts;
  });
  const text =
    data.NU_Telefones === 0
      ? 'O titular não tem telefones cadastrados: nada a incluir no Não Me Perturbe.'
      : `${data.NU_Incluidos} telefone(s) incluído(s) no Não Me Perturbe; ${data.NU_JaExistentes} já estava(m) na lista.`;
  return { success: true, text, data };
}
