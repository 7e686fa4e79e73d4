import * as z from 'zod/mini';
import { envelope } from './envelope';

export const statusSummaryItem = z.object({ ID_Status: z.int(), DE_Status: z.string(), NU_Quantidade: z.int() });
export type StatusSummaryItem = z.infer<typeof statusSummaryItem>;
export const statusSummaryResponse = envelope(z.array(statusSummaryItem));

const EIGHT_DIGITS = /^\d{8}$/;

/** 20250230 is eight digits but no day. */
function isCalendarDay(value: string): boolean {
  if (!EIGHT_DIGITS.test(value)) return true; // the format has its own message
  const [year, month, day] = [value.slice(0, 4), value.slice(4, 6), value.slice(6)].map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Eight-digit days compare as text like dates; a missing or malformed bound is not this rule's concern. */
const inOrder = ({ DT_Inicio: from, DT_Fim: to }: { DT_Inicio?: string; DT_Fim?: string }) =>
  !from || !to || !EIGHT_DIGITS.test(from) || !EIGHT_DIGITS.test(to) || from <= to;

/** A calendar day as YYYYMMDD (product-spec §5 "Date filters": the apps strip '/' and '-'). */
export const compactDay = z
  .string()
  .check(
    z.maxLength(8, 'Data inválida (use AAAAMMDD).'),
    z.regex(EIGHT_DIGITS, 'Data inválida (use AAAAMMDD).'),
    z.refine(isCalendarDay, 'Data inexistente.'),
  );

/**
 * GET /crm/proposta/status?DT_Inicio=&DT_Fim=: counts only proposals typed (dt_digitacao) on those
 * calendar days in America/Sao_Paulo, both inclusive; either may be left out (open-ended).
 */
export const statusSummaryQuery = z
  .object({ DT_Inicio: z.optional(compactDay), DT_Fim: z.optional(compactDay) })
  .check(z.refine(inOrder, { error: 'A data final não pode ser anterior à inicial.', path: ['DT_Fim'] }));
export type StatusSummaryQuery = z.infer<typeof statusSummaryQuery>;

export const possibleStatus = z.object({ StatusID: z.int(), DE_Status: z.string() });
export type PossibleStatus = z.infer<typeof possibleStatus>;
export const possibleStatusesResponse = envelope(z.array(possibleStatus));
