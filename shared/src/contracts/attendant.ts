import * as z from 'zod/mini';
import { PAUSE_REASONS } from './domain';
import { envelope } from './envelope';

/**
 * SIP credentials of the caller's extension. Note the spec's spelling `sucess` (product-spec §7).
 * User is `<expiry>:<extension>` (Kamailio auth_ephemeral), so the agent registers `sip:{Ramal}@{Realm}` and
 * authenticates as User with Pass; `Ramal`, the bare extension number, extends the spec's four fields
 * (optional like every extension; the API always sends it; docs/architecture.md "Telephony").
 */
export const extensionCredentials = z.object({
  User: z.string(),
  Pass: z.string(),
  Realm: z.string(),
  WSServer: z.string(),
  Ramal: z.optional(z.string()),
});
export type ExtensionCredentials = z.infer<typeof extensionCredentials>;
export const extensionCredentialsResponse = z.object({ sucess: z.boolean(), text: z.string(), data: z.nullable(extensionCredentials) });
export type ExtensionCredentialsResponse = z.infer<typeof extensionCredentialsResponse>;

export const attendant = z.object({ AtendenteID: z.int(), DE_Pessoa: z.string() });
export type Attendant = z.infer<typeof attendant>;
export const attendantsResponse = envelope(z.array(attendant));

/**
 * GET /atendente/status and PUT /atendente/tabular: ID_Status 81 available or 201 paused, with the pause
 * reason when paused. `data` (extension) repeats the two fields in the envelope's place, so the browser
 * reads this answer like every other one.
 */
const attendantStatus = z.object({ ID_Status: z.int(), ID_MotivoPausa: z.nullable(z.int()) });
export type AttendantStatus = z.infer<typeof attendantStatus>;
export const attendantStatusResponse = z.object({
  success: z.boolean(),
  text: z.string(),
  ID_Status: z.int(),
  ID_MotivoPausa: z.nullable(z.int()),
  data: attendantStatus,
});
export type AttendantStatusResponse = z.infer<typeof attendantStatusResponse>;

const PAUSE_CODES: readonly number[] = PAUSE_REASONS.map((reason) => reason.ID_Status);

/** A JSON integer among PAUSE_REASONS: no string, hexadecimal, exponent or array stands in for it. */
export const attendantStatusRequest = z.object({
  ID_Status: z
    .int({ error: 'Informe o motivo da pausa.' })
    .check(z.refine((code) => PAUSE_CODES.includes(code), 'Motivo de pausa inválido.')),
});
export type AttendantStatusRequest = z.infer<typeof attendantStatusRequest>;

export const lead = z.object({
  ID_Cliente: z.int(),
  DE_Pessoa: z.string(),
  DE_Tipo: z.string(),
  DE_Status: z.string(),
  DE_Atendente: z.string(),
  DE_Indicacao: z.nullable(z.string()),
});
export type Lead = z.infer<typeof lead>;
export const leadsResponse = envelope(z.array(lead));
