import * as z from 'zod/mini';
import { envelope } from './envelope';
import { INT4_MAX } from './fields';

// Own batch import (docs/rules.md "CSV imports and provider batches"): supervisors and managers only.

/** product-spec §9: one upload holds at most 60 MB and 50,000 clients. */
export const IMPORT_MAX_BYTES = 60 * 1024 * 1024;
export const IMPORT_MAX_CLIENTS = 50_000;
/**
 * Columns a spreadsheet may have (the header's cells) and characters a line may have: far more than any real sheet
 * of clients, and what bounds the work (and the memory) one line costs the import.
 */
export const IMPORT_MAX_COLUMNS = 200;
export const IMPORT_MAX_LINE_CHARS = 50_000;
/**
 * Longest TX_Base: the file base64-encoded (4 characters per 3 bytes) plus room for the data URL prefix, so a
 * file a little over 60 MB still reaches the API and gets its own text instead of a generic 413.
 */
export const IMPORT_DATA_URL_MAX = Math.ceil(IMPORT_MAX_BYTES / 3) * 4 + 64 * 1024;

export const IMPORT_TEXT = {
  started: 'Arquivo recebido. A importação está em andamento.',
  campaignId: 'Campanha inválida.',
  sanitize: 'Informe se o arquivo deve ser higienizado (SN_Higienizar).',
  campaignNotFound: 'Campanha não encontrada.',
  importNotFound: 'Importação não encontrada.',
  malformed: 'O arquivo enviado não é válido: envie o CSV como data URL (data:text/csv;base64,...).',
  empty: 'O arquivo está vazio.',
  tooBig: 'O arquivo passa de 60 MB. Apenas CSV de até 60MB; para arquivos maiores, contate o suporte.',
  tooManyLines: (lines: number) =>
    `A planilha tem ${lines.toLocaleString('pt-BR')} linhas de clientes; o máximo é de 50.000 clientes por planilha.`,
  tooManyColumns: (columns: number) => `A planilha tem ${columns.toLocaleString('pt-BR')} colunas; o limite é ${IMPORT_MAX_COLUMNS}.`,
  lineTooLong: (line: number) =>
    `A linha ${line.toLocaleString('pt-BR')} da planilha passa de ${IMPORT_MAX_LINE_CHARS.toLocaleString('pt-BR')} caracteres, o limite de uma linha.`,
  noCpfColumn: 'O arquivo não tem a coluna CPF na primeira linha (cabeçalho). Use o modelo de planilha.',
  cpfMissing: 'CPF não informado: cada linha precisa ao menos do CPF do cliente.',
  cpfMalformed: 'CPF inválido: use os 11 dígitos, com ou sem pontuação.',
  cpfInvalid: 'CPF inválido (dígitos verificadores), removido na higienização.',
  birthInvalid: 'Data de nascimento inválida: use dd/mm/aaaa ou dd-mm-aaaa.',
  speciesInvalid: 'Espécie inválida: use o código numérico da espécie do benefício.',
  speciesUnknown: (code: number) => `Espécie ${code} não existe.`,
  valueInvalid: (column: string) => `${column} inválido: use valores como 1.234,56.`,
  valuesRequired: 'Esta campanha só adiciona clientes com valor ofertado e valor da parcela.',
  newClientFields: 'Cliente novo só é adicionado com CPF, nome e data de nascimento.',
  inssFields: 'Cliente INSS só é adicionado com matrícula (NB) e espécie do benefício.',
  repeatedInFile: (line: number) => `CPF repetido no arquivo (já na linha ${line}), removido na higienização.`,
  alreadyInCampaign: 'Cliente já está na campanha, removido na higienização.',
  failed: 'A importação falhou e nada foi gravado. Tente enviar o arquivo de novo.',
} as const;

/** POST /importacao/upload (product-spec §3 "Upload payload"). */
export const importUploadRequest = z.object({
  TX_Base: z.string().check(z.minLength(1, 'Anexar um arquivo é obrigatório.'), z.maxLength(IMPORT_DATA_URL_MAX, IMPORT_TEXT.tooBig)),
  ID_Campanha: z
    .int({ error: IMPORT_TEXT.campaignId })
    .check(z.positive(IMPORT_TEXT.campaignId), z.maximum(INT4_MAX, IMPORT_TEXT.campaignId)),
  SN_Higienizar: z.boolean({ error: IMPORT_TEXT.sanitize }),
});
export type ImportUploadRequest = z.infer<typeof importUploadRequest>;
export const importUploadResponse = envelope(z.object({ ID_Importacao: z.int() }));

/**
 * GET /importacao/{id}: the import's status and counts (NU_Linhas: data lines of the file; NU_Lidas: lines the job
 * has read so far, NU_Linhas once done).
 */
export const campaignImport = z.object({
  ID_Importacao: z.int(),
  ID_Campanha: z.int(),
  ID_Status: z.int(),
  SN_Higienizar: z.boolean(),
  NU_Linhas: z.int(),
  NU_Lidas: z.int(),
  NU_Importados: z.int(),
  NU_Higienizados: z.int(),
  NU_Rejeitados: z.int(),
  DE_Motivo: z.nullable(z.string()),
  TS_Criacao: z.string(),
  TS_Conclusao: z.nullable(z.string()),
});
export type CampaignImport = z.infer<typeof campaignImport>;
export const campaignImportResponse = envelope(campaignImport);

/** Realtime alert to the uploader when the import ends (done or error); DE_Dados = { ID_Importacao, ID_Status }. */
export const ALERT_IMPORT_FINISHED = 1089;
/** Realtime alert to the uploader while the import reads its file (throttled); DE_Dados = importProgressAlertData. */
export const ALERT_IMPORT_PROGRESS = 1090;
export const importProgressAlertData = z.object({ ID_Importacao: z.int(), NU_Lidas: z.int(), NU_Linhas: z.int() });
export type ImportProgressAlertData = z.infer<typeof importProgressAlertData>;
/** The progress as the screen shows it (product-spec §2 "Own batch import": lines read of total). */
export const importProgressText = (read: number, total: number) =>
  `Lidas ${read.toLocaleString('pt-BR')} de ${total.toLocaleString('pt-BR')} linhas`;
