import * as z from 'zod/mini';
import { envelope } from './envelope';
import { idParam } from './fields';

// The supervisor's floor (docs/rules.md "Attendant state"): each attendant's state, kept by the server from
// what it already knows (realtime presence, PUT /atendente/tabular, Kamailio's call events, the call outcome),
// the live board of 'Relatórios' → 'Ao vivo' (roles 12 and 13) and the attendant's own 'Meu dia'.

/**
 * The states, in the board's order. 'pos_atendimento' (after-call work): an answered call ended and its
 * outcome is not recorded yet. Precedence when several facts hold: offline, in call, ringing, after-call
 * work, paused, available (api/src/floor/attendantState.ts).
 */
export const FLOOR_STATES = ['disponivel', 'tocando', 'em_ligacao', 'pos_atendimento', 'pausa', 'offline'] as const;
export type FloorState = (typeof FLOOR_STATES)[number];

export const FLOOR_STATE_LABELS: Record<FloorState, string> = {
  disponivel: 'Disponível',
  tocando: 'Tocando',
  em_ligacao: 'Em ligação',
  pos_atendimento: 'Pós-atendimento',
  pausa: 'Em pausa',
  offline: 'Offline',
};

/** After-call work longer than this (seconds) is flagged on the board, unless the company sets its own. */
export const AFTER_CALL_LIMIT_DEFAULT_S = 60;
/** The limits a company may set (empresa.nu_limite_pos_atendimento's check, migration 019). */
export const AFTER_CALL_LIMIT_RANGE_S = { min: 10, max: 3600 } as const;
const afterCallLimitText = `Informe o limite de pós-atendimento em segundos, de ${AFTER_CALL_LIMIT_RANGE_S.min} a ${AFTER_CALL_LIMIT_RANGE_S.max}.`;

/** PUT /relatorios/ao-vivo/limite (13): the company's after-call limit, in whole seconds. */
export const afterCallLimitRequest = z.object({
  NU_LimitePosAtendimento: z
    .int({ error: afterCallLimitText })
    .check(z.minimum(AFTER_CALL_LIMIT_RANGE_S.min, afterCallLimitText), z.maximum(AFTER_CALL_LIMIT_RANGE_S.max, afterCallLimitText)),
});
export type AfterCallLimitRequest = z.infer<typeof afterCallLimitRequest>;
/** The board's form of it: the seconds as typed (text), read as a whole number, then the request's rule and text. */
export const afterCallLimitForm = z.object({
  NU_LimitePosAtendimento: z.pipe(
    z.pipe(
      z.string(),
      z.transform((text) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN)),
    ),
    afterCallLimitRequest.shape.NU_LimitePosAtendimento,
  ),
});

/** Money as decimal text with a dot ('1234.56'), like every other contract. */
const money = z.string();

/** One attendant on the board. Instants are ISO 8601 (UTC); today is São Paulo's calendar day. */
export const floorAttendant = z.object({
  AtendenteID: z.int(),
  DE_Pessoa: z.string(),
  CO_Estado: z.enum(FLOOR_STATES),
  /** On a pause: its reason (202–206, PAUSE_REASONS) and name. */
  ID_MotivoPausa: z.nullable(z.int()),
  DE_MotivoPausa: z.nullable(z.string()),
  /** When the current state began (the board ticks from it). */
  TS_Estado: z.string(),
  /** The campaign the attendant works (the one whose queue handed the current client out), if any. */
  ID_Campanha: z.nullable(z.int()),
  DE_Campanha: z.nullable(z.string()),
  /** The client of the call in course (or just ended, in after-call work); the CPF partly hidden. */
  ID_Cliente: z.nullable(z.int()),
  DE_Cliente: z.nullable(z.string()),
  DE_CPFParcial: z.nullable(z.string()),
  /** Today: calls placed or answered, seconds talked (answered calls), proposals registered and their value. */
  NU_Ligacoes: z.int(),
  NU_SegundosFalados: z.int(),
  NU_Propostas: z.int(),
  VL_Propostas: money,
});
export type FloorAttendant = z.infer<typeof floorAttendant>;

/** GET /relatorios/ao-vivo: every attendant of the company, the server's clock and the after-call limit. */
export const floorBoard = z.object({
  /** The server's instant when it answered: the browser ticks "time in state" against it, not its own clock. */
  TS_Servidor: z.string(),
  NU_LimitePosAtendimento: z.int(),
  /** Callbacks (outcome 305 and missed inbound calls) of the company already due and still waiting. */
  NU_RetornosVencidos: z.int(),
  atendentes: z.array(floorAttendant),
});
export type FloorBoard = z.infer<typeof floorBoard>;
export const floorBoardResponse = envelope(floorBoard);

/** Pushed to supervisors and managers of the company when an attendant's row changes (data: FloorAttendant). */
export const ALERT_FLOOR_CHANGE = 1092;
/** Pushed to an attendant when someone else (a supervisor) changes their status (data: the status answer's data). */
export const ALERT_ATTENDANT_STATUS = 1093;

/** PUT /relatorios/ao-vivo/{AtendenteID}/status: a supervisor pauses an attendant (202–206) or resumes them (81). */
export const floorAttendantParams = z.object({ AtendenteID: idParam });

/** The board's totals (product-spec: logged in, available, paused by reason, in call, after-call work…). */
export interface FloorTotals {
  loggedIn: number;
  available: number;
  ringing: number;
  inCall: number;
  afterCall: number;
  /** After-call work over the company's limit. */
  afterCallOverLimit: number;
  paused: number;
  /** By reason, in PAUSE_REASONS order: only reasons someone is on. */
  pausedByReason: { ID_MotivoPausa: number | null; DE_MotivoPausa: string; count: number }[];
  /** Calls ringing or in course (each attendant has at most one). */
  callsInProgress: number;
}

/** Seconds since `since` at `now` (never negative: clocks of two machines). */
export const secondsSince = (since: string, now: number) => Math.max(0, Math.floor((now - Date.parse(since)) / 1000));

/** The totals of the board's rows at `now` (milliseconds, on the server's clock). */
export function floorTotals(rows: readonly FloorAttendant[], limitSeconds: number, now: number): FloorTotals {
  const count = (state: FloorState) => rows.filter((row) => row.CO_Estado === state).length;
  const reasons = new Map<number | null, { ID_MotivoPausa: number | null; DE_MotivoPausa: string; count: number }>();
  for (const row of rows) {
    if (row.CO_Estado !== 'pausa') continue;
    const entry = reasons.get(row.ID_MotivoPausa) ?? {
      ID_MotivoPausa: row.ID_MotivoPausa,
      DE_MotivoPausa: row.DE_MotivoPausa ?? 'Pausa',
      count: 0,
    };
    entry.count += 1;
    reasons.set(row.ID_MotivoPausa, entry);
  }
  return {
    loggedIn: rows.length - count('offline'),
    available: count('disponivel'),
    ringing: count('tocando'),
    inCall: count('em_ligacao'),
    afterCall: count('pos_atendimento'),
    afterCallOverLimit: rows.filter((row) => row.CO_Estado === 'pos_atendimento' && secondsSince(row.TS_Estado, now) > limitSeconds).length,
    paused: count('pausa'),
    pausedByReason: [...reasons.values()].sort((a, b) => (a.ID_MotivoPausa ?? 0) - (b.ID_MotivoPausa ?? 0)),
    callsInProgress: count('tocando') + count('em_ligacao'),
  };
}

/** GET /atendente/meu-dia: the attendant's own day so far (São Paulo's calendar day). */
export const myDay = z.object({
  NU_Ligacoes: z.int(),
  NU_SegundosFalados: z.int(),
  /** Seconds paused today (pauses still running count up to now). */
  NU_SegundosPausa: z.int(),
  NU_Propostas: z.int(),
  VL_Propostas: money,
});
export type MyDay = z.infer<typeof myDay>;
export const myDayResponse = envelope(myDay);

/** 'Ouvir': a supervisor listens to an attendant's call in silence (docs/rules.md "Attendant state"). */
export const LISTENING_TEXT = {
  notInCall: 'O atendente não está em uma ligação.',
  unavailable: 'Escuta indisponível: a telefonia está desligada.',
  notFound: 'Escuta não encontrada.',
  started: 'Ouvindo a ligação.',
  answered: 'Escuta conectada.',
  stopped: 'Escuta encerrada.',
  oneAnswerPerOffer: 'Informe uma resposta SDP para cada oferta.',
} as const;

/**
 * POST /relatorios/ao-vivo/{AtendenteID}/ouvir: the media relay's offers (SDP, send-only), one per side of the call
 * (the attendant, the other party), and the listening's id; the browser answers each, receive-only and in the same
 * order, with PUT /relatorios/ao-vivo/escuta/{ID_Escuta}.
 */
export const listeningOffer = z.object({ ID_Escuta: z.int(), DE_Ofertas: z.array(z.string()) });
export type ListeningOffer = z.infer<typeof listeningOffer>;
export const listeningOfferResponse = envelope(listeningOffer);
export const listeningParams = z.object({ ID_Escuta: idParam });
/** An SDP body (a few KB; 64 KB at most). */
const sdpAnswer = z
  .string()
  .check(
    z.minLength(1, 'Informe a resposta SDP.'),
    z.maxLength(65_536, 'Resposta SDP longa demais.'),
    z.startsWith('v=0', 'Resposta SDP inválida.'),
  );
/** The browser's answers, one per offer, in the offers' order. */
export const listeningAnswerRequest = z.object({
  DE_Respostas: z.array(sdpAnswer).check(z.minLength(1, 'Informe as respostas SDP.'), z.maxLength(4, 'Respostas demais.')),
});
export type ListeningAnswerRequest = z.infer<typeof listeningAnswerRequest>;
