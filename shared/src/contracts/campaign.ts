import * as z from 'zod/mini';
import { envelope } from './envelope';
import { INT4_MAX, tooLong } from './fields';

export const campaign = z.object({
  CampanhaID: z.int(),
  DE_Campanha: z.string(),
  CO_Campanha: z.string(),
  ID_Orgao: z.int(),
  ID_Status: z.int(),
  importacao: z.nullable(z.object({ ID_Status: z.int() })),
  NU_Higienizados: z.int(),
  NU_Importados: z.int(),
  TS_Baixa: z.nullable(z.string()),
  TS_Solicitacao: z.nullable(z.string()),
  /**
   * Extension: the campaign's caller number (GET /cadastro/numeros' ID_Numero), null for the company's
   * main one. Optional so a list from an API without it still parses.
   */
  ID_NumeroSaida: z.optional(z.nullable(z.int())),
});
export type Campaign = z.infer<typeof campaign>;
export const campaignsResponse = envelope(z.array(campaign));

// Campaign management (docs/rules.md "Campaign management"): supervisors and managers only.

/** Longest campaign name: a copy's ' (cópia)' suffix is cut into it, never beyond it. */
export const CAMPAIGN_NAME_MAX = 100;
/** Most attendants one POST /cadastro/campanha/atendentes may set (a company's whole team fits). */
export const CAMPAIGN_ATTENDANTS_MAX = 1000;

export const CAMPAIGN_TEXT = {
  required: 'Este campo é obrigatório.',
  selectAgency: 'Selecione um tipo.',
  campaignId: 'Campanha inválida.',
  attendantId: 'Atendente inválido.',
  selected: 'Use 1 (selecionado) ou 0.',
  repeatedAttendant: 'Atendente repetido na lista.',
  callerNumber: 'Selecione um número da empresa.',
} as const;

/** A positive JSON integer within the `integer` column range, with one message for anything else. */
const bodyId = (message: string) => z.int({ error: message }).check(z.positive(message), z.maximum(INT4_MAX, message));

/** POST /cadastro/campanha (product-spec §5 "Campaign create"). ID_Orgao must also exist (checked by the API). */
export const createCampaignRequest = z.object({
  ID_Orgao: bodyId(CAMPAIGN_TEXT.selectAgency),
  DE_Campanha: z.string({ error: CAMPAIGN_TEXT.required }).check(
    z.maxLength(CAMPAIGN_NAME_MAX, { error: tooLong(CAMPAIGN_NAME_MAX), abort: true }),
    z.refine((value) => value.trim().length > 0, CAMPAIGN_TEXT.required),
  ),
});
export type CreateCampaignRequest = z.infer<typeof createCampaignRequest>;

/** What create and duplicate answer: the new campaign's id and generated code. */
export const campaignCreatedResponse = envelope(z.object({ CampanhaID: z.int(), CO_Campanha: z.string() }));

/** PUT /cadastro/campanha/{id}/iniciar and /pausar: the campaign's status afterwards. */
export const campaignStatusResponse = envelope(z.object({ CampanhaID: z.int(), ID_Status: z.int() }));

/** POST /cadastro/campanha/duplicar. */
export const duplicateCampaignRequest = z.object({ CampanhaID: bodyId(CAMPAIGN_TEXT.campaignId) });

/** DELETE /cadastro/campanha/{id}. */
export const campaignDeletedResponse = envelope(z.null());

/**
 * PUT /cadastro/campanha/{id}/numero: the campaign's caller number, one of the company's numbers
 * (GET /cadastro/numeros; another company's id is refused like an unknown one), or null for the company's main one.
 */
export const campaignNumberRequest = z.object({ ID_Numero: z.nullable(bodyId(CAMPAIGN_TEXT.callerNumber)) });
export type CampaignNumberRequest = z.infer<typeof campaignNumberRequest>;
export const campaignNumberResponse = envelope(z.object({ CampanhaID: z.int(), ID_NumeroSaida: z.nullable(z.int()) }));

/** A campaign-attendant link (product-spec §3); `DE_Pessoa` lets the popup name each attendant. */
export const campaignAttendant = z.object({ ID_Atendente: z.int(), DE_Pessoa: z.string(), SN_Selecionado: z.int() });
export type CampaignAttendant = z.infer<typeof campaignAttendant>;
export const campaignAttendantsResponse = envelope(z.array(campaignAttendant));

/** POST /cadastro/campanha/atendentes: upserts each listed link; attendants not listed keep theirs. */
export const saveAttendantsRequest = z.object({
  ID_Campanha: bodyId(CAMPAIGN_TEXT.campaignId),
  atendentes: z
    .array(
      z.object({
        ID_Atendente: bodyId(CAMPAIGN_TEXT.attendantId),
        SN_Selecionado: z.union([z.literal(0), z.literal(1)], { error: CAMPAIGN_TEXT.selected }),
      }),
    )
    .check(
      z.maxLength(CAMPAIGN_ATTENDANTS_MAX, `Envie no máximo ${CAMPAIGN_ATTENDANTS_MAX} atendentes.`),
      z.refine((list) => new Set(list.map((a) => a.ID_Atendente)).size === list.length, CAMPAIGN_TEXT.repeatedAttendant),
    ),
});
export type SaveAttendantsRequest = z.infer<typeof saveAttendantsRequest>;
export const saveAttendantsResponse = envelope(z.object({ NU_Selecionados: z.int() }));

/** GET /cadastro/campanha/{id}/resumo (product-spec §7). */
export const campaignSummary = z.object({
  DE_Campanha: z.string(),
  CO_Campanha: z.string(),
  NU_Higienizados: z.int(),
  NU_Importados: z.int(),
  TS_Baixa: z.nullable(z.string()),
  TS_Solicitacao: z.nullable(z.string()),
});
export type CampaignSummary = z.infer<typeof campaignSummary>;
export const campaignSummaryResponse = envelope(campaignSummary);
