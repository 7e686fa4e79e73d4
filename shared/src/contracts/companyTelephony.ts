import * as z from 'zod/mini';
import { envelope } from './envelope';
import { afterCallLimitForm, afterCallLimitRequest } from './floor';

// The company's telephony settings ('Cadastros' → 'Telefonia'; issue 22 "Company settings"; docs/rules.md "Company
// telephony"): how long call recordings are kept and the after-call work limit, read by supervisors and managers,
// changed by managers. Routes: /cadastros/empresa/telefonia.

/** empresa.nu_dias_gravacao's check (migration 015); 90 days is the SAC rules' minimum (docs/rules.md "Call recordings"). */
export const RECORDING_RETENTION_DAYS = { min: 1, max: 3650, default: 90 } as const;
const retentionText = `Informe a retenção das gravações em dias, de ${RECORDING_RETENTION_DAYS.min} a ${RECORDING_RETENTION_DAYS.max}.`;

const retentionDays = z
  .int({ error: retentionText })
  .check(z.minimum(RECORDING_RETENTION_DAYS.min, retentionText), z.maximum(RECORDING_RETENTION_DAYS.max, retentionText));

/** GET /cadastros/empresa/telefonia. */
export const telephonySettings = z.object({ NU_DiasGravacao: z.int(), NU_LimitePosAtendimento: z.int() });
export type TelephonySettings = z.infer<typeof telephonySettings>;
export const telephonySettingsResponse = envelope(telephonySettings);

/**
 * PUT /cadastros/empresa/telefonia (13): both settings together. The after-call limit is the live board's own field
 * (PUT /relatorios/ao-vivo/limite), rule and text.
 */
export const telephonySettingsRequest = z.object({
  NU_DiasGravacao: retentionDays,
  NU_LimitePosAtendimento: afterCallLimitRequest.shape.NU_LimitePosAtendimento,
});
export type TelephonySettingsRequest = z.infer<typeof telephonySettingsRequest>;

/** The screen's form of it: each number as typed (text), read as a whole number, then the request's rule and text. */
export const telephonySettingsForm = z.object({
  NU_DiasGravacao: z.pipe(
    z.pipe(
      z.string(),
      z.transform((text) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN)),
    ),
    retentionDays,
  ),
  NU_LimitePosAtendimento: afterCallLimitForm.shape.NU_LimitePosAtendimento,
});
