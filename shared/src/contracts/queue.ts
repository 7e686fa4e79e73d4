import * as z from 'zod/mini';
import { CALL_OUTCOMES } from './domain';
import { envelope } from './envelope';
import { boundedText, INT4_MAX } from './fields';

// The attendant's working day (product-spec §7 /crm/cliente/proximo and /crm/tabulacao/cliente;
// docs/rules.md "Campaign queue").

/** GET /crm/cliente/proximo: the client to work next, and (extension) the campaign it comes from. */
export const nextClientResponse = envelope(
  z.nullable(
    z.object({
      cliente: z.object({ ClienteID: z.int(), ID_Campanha: z.int(), DE_Campanha: z.string() }),
    }),
  ),
);
export type NextClientResponse = z.infer<typeof nextClientResponse>;

const OUTCOME_CODES: readonly number[] = CALL_OUTCOMES.map((outcome) => outcome.ID_Status);
const CLIENT_ERROR = 'Cliente inválido.';

/**
 * DT_Retorno: when to call back, an ISO 8601 instant with its offset ('2026-11-23T14:30:00-03:00'). Outcome 305
 * and a callback moved on the calendar (PUT /crm/retornos/{FilaID}) take the same field.
 */
export const callbackInstant = boundedText(40).check(
  z.regex(
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/,
    'Data de retorno inválida: use data, hora e fuso (2026-11-23T14:30:00-03:00).',
  ),
);

/**
 * PUT /crm/tabulacao/cliente. DT_Retorno (extension, outcome 305 only): when to call back, an ISO 8601
 * instant with its offset ('2026-11-23T14:30:00-03:00'); without it the callback falls due at the opening
 * of the next business day in the client's local time.
 */
export const callOutcomeRequest = z.object({
  ID_Status: z
    .int({ error: 'Informe o resultado da ligação.' })
    .check(z.refine((code) => OUTCOME_CODES.includes(code), 'Resultado de ligação inválido.')),
  ID_Cliente: z.int({ error: CLIENT_ERROR }).check(z.positive(CLIENT_ERROR), z.maximum(INT4_MAX, CLIENT_ERROR)),
  DT_Retorno: z.optional(z.nullable(callbackInstant)),
});
export type CallOutcomeRequest = z.infer<typeof callOutcomeRequest>;

/** What the outcome did to the client's place in the queue. */
export const callOutcomeResponse = envelope(
  z.nullable(
    z.object({
      ID_Cliente: z.int(),
      ID_Status: z.int(),
      /** When the client comes back (301 retry, 305 callback), ISO instant; null when closed. */
      TS_Retorno: z.nullable(z.string()),
    }),
  ),
);
export type CallOutcomeResponse = z.infer<typeof callOutcomeResponse>;

/**
 * GET /cadastro/campanha/{id}/fila (extension): the queue's progress and, among the waiting clients,
 * how many each rule holds back right now (docs/rules.md "Who may be called now").
 */
export const campaignQueue = z.object({
  NU_Total: z.int(),
  NU_Pendentes: z.int(),
  NU_EmAtendimento: z.int(),
  NU_Retornos: z.int(),
  NU_NovasTentativas: z.int(),
  NU_Concluidos: z.int(),
  NU_NaoLigar: z.int(),
  // Waiting clients held back now, by reason (one reason per client, in this order).
  NU_Bloqueio180Dias: z.int(),
  NU_NaoPerturbe: z.int(),
  NU_SemTelefone: z.int(),
  NU_ForaDoHorario: z.int(),
});
export type CampaignQueue = z.infer<typeof campaignQueue>;
export const campaignQueueResponse = envelope(z.nullable(campaignQueue));

// ── Suppression list ("Não Me Perturbe"), supervisors and managers ──────────────────────────────────────

const PHONE_ERROR = 'Informe o telefone com DDD: 10 ou 11 dígitos.';
/** DDD + number, 10 or 11 digits; punctuation and a leading +55 are accepted and removed. */
export const suppressedPhone = z.pipe(
  boundedText(25),
  z.transform((value, context) => {
    let digits = value.replace(/\D/g, '');
    if (digits.length > 11 && digits.startsWith('55')) digits = digits.slice(2);
    if (!/^\d{10,11}$/.test(digits)) {
      context.issues.push({ code: 'custom', message: PHONE_ERROR, input: value });
      return z.NEVER;
    }
    return digits;
  }),
);

export const doNotDisturbRequest = z.object({ DE_Telefone: suppressedPhone });
export type DoNotDisturbRequest = z.input<typeof doNotDisturbRequest>;
export const doNotDisturbItem = z.object({ DE_Telefone: z.string(), DE_Origem: z.string(), TS_Criacao: z.string() });
export const doNotDisturbListResponse = envelope(z.object({ NU_Total: z.int(), itens: z.array(doNotDisturbItem) }));

/** POST /cadastro/naoperturbe/csv: a CSV or text file (data URL), one number per line (first column). */
export const doNotDisturbCsvRequest = z.object({
  TX_Base: boundedText(3_000_000),
  DE_Origem: z.optional(boundedText(60)),
});
export type DoNotDisturbCsvRequest = z.infer<typeof doNotDisturbCsvRequest>;
export const doNotDisturbCsvResponse = envelope(
  z.object({ NU_Incluidos: z.int(), NU_JaExistentes: z.int(), NU_Invalidos: z.int(), linhasInvalidas: z.array(z.int()) }),
);
