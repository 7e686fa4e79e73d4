import * as z from 'zod/mini';
import { daysBetween, isCalendarDate } from '../credit/calendar';
import { envelope } from './envelope';
import { idParam } from './fields';
import { callbackInstant } from './queue';

// The callback calendar ('Calendário', docs/rules.md "Campaign queue" → "The callback calendar"): the callbacks
// still waiting in the queue (outcome 305, missed inbound calls), each at the instant it falls due, and moving one
// to another slot with the rules of DT_Retorno.

/** The longest range one read covers, in São Paulo calendar days (a month view and its neighbours' edges). */
export const CALLBACK_RANGE_MAX_DAYS = 62;

export const CALLBACK_TEXT = {
  day: 'Data inválida (use AAAA-MM-DD).',
  noDay: 'Data inexistente.',
  order: 'A data final não pode ser anterior à inicial.',
  tooLong: `O período pode ter no máximo ${CALLBACK_RANGE_MAX_DAYS} dias.`,
  othersCallbacks: 'Você só pode ver os seus próprios retornos.',
  othersCallback: 'Você só pode reagendar os seus próprios retornos.',
  attendantNotFound: 'Atendente não encontrado.',
  callbackNotFound: 'Retorno não encontrado.',
} as const;

const day = z
  .string()
  .check(
    z.maxLength(10, CALLBACK_TEXT.day),
    z.regex(/^\d{4}-\d{2}-\d{2}$/, CALLBACK_TEXT.day),
    z.refine(isCalendarDate, CALLBACK_TEXT.noDay),
  );

/** Both bounds real days (each has its own message otherwise). */
const bothDays = ({ inicio, fim }: { inicio: string; fim: string }) => isCalendarDate(inicio) && isCalendarDate(fim);

/**
 * GET /crm/retornos?inicio=&fim=[&ID_Atendente=]: São Paulo calendar days, both inclusive, at most
 * CALLBACK_RANGE_MAX_DAYS of them. ID_Atendente: one attendant's callbacks (an attendant may name only
 * themself); without it, an attendant's own, or the whole company's for supervisors and managers.
 */
export const callbacksQuery = z.object({ inicio: day, fim: day, ID_Atendente: z.optional(idParam) }).check(
  z.refine((range) => !bothDays(range) || range.inicio <= range.fim, { error: CALLBACK_TEXT.order, path: ['fim'] }),
  z.refine((range) => !bothDays(range) || daysBetween(range.inicio, range.fim) < CALLBACK_RANGE_MAX_DAYS, {
    error: CALLBACK_TEXT.tooLong,
    path: ['fim'],
  }),
);
export type CallbacksQuery = z.infer<typeof callbacksQuery>;

/** A callback waiting in a campaign's queue. */
export const callback = z.object({
  /** The queue row (fila) the callback is. */
  FilaID: z.int(),
  ClienteID: z.int(),
  DE_Cliente: z.string(),
  ID_Campanha: z.int(),
  DE_Campanha: z.string(),
  /** Its owner, who gets it first; null: a missed inbound call nobody deals with, for any attendant. */
  ID_Atendente: z.nullable(z.int()),
  DE_Atendente: z.nullable(z.string()),
  /** When it falls due: ISO 8601 with São Paulo's offset. */
  TS_Retorno: z.string(),
  /** 1: already due (its time has passed) and not called yet. */
  SN_Vencido: z.union([z.literal(0), z.literal(1)]),
});
export type Callback = z.infer<typeof callback>;

/** GET /crm/retornos: the range's callbacks, in due order. */
export const callbacksResponse = envelope(z.array(callback));
export type CallbacksResponse = z.infer<typeof callbacksResponse>;

/** PUT /crm/retornos/{FilaID}: the new instant, with the rules of outcome 305's DT_Retorno. */
export const callbackMoveRequest = z.object({ DT_Retorno: callbackInstant });
export type CallbackMoveRequest = z.infer<typeof callbackMoveRequest>;

/** The moved callback, and 'Retorno reagendado para dd/mm/aaaa hh:mm.' (São Paulo time). */
export const callbackMoveResponse = envelope(callback);
export type CallbackMoveResponse = z.infer<typeof callbackMoveResponse>;

/**
 * The calendar's 'Reagendar' dialog: a day and a time of the attendant's clock (a date and a time field), which the
 * screen sends as DT_Retorno with the browser's offset; the API then applies 305's rules and answers their texts.
 */
export const callbackSlotForm = z.object({
  date: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'Informe a data.')),
  time: z.string().check(z.regex(/^\d{2}:\d{2}$/, 'Informe a hora.')),
});
export type CallbackSlotForm = z.infer<typeof callbackSlotForm>;
