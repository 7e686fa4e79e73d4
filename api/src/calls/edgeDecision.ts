/**
 * The pure part of the decisions Kamailio asks the API for (docs/rules.md "Calls"): which lawful-dialling
 * rule refuses an outbound call, which client and campaign the call is recorded against, which number the
 * client sees, and the `chave=valor;chave=valor` text Kamailio reads. The clock is passed in.
 */
import { mayCallNow, type CompanyWindow } from '../queue/callingRules';

/** The rules that refuse an outbound call at the edge, in the order they are checked; `motivo` on the wire. */
export const REFUSAL = {
  NAO_PERTURBE: 'nao-perturbe',
  NAO_LIGAR: 'nao-ligar',
  FORA_DO_HORARIO: 'fora-do-horario',
  INSS_180_DIAS: 'inss-180-dias',
} as const;
export type LawfulRefusal = (typeof REFUSAL)[keyof typeof REFUSAL];

/** Other reasons on the wire: no such extension (or another company's), no such number, no DID, nobody free. */
export const EDGE_REASON = { EXTENSION: 'ramal', NUMBER: 'numero', DID: 'did', NOBODY: 'ninguem', CALL: 'chamada' } as const;

/** A client of the company that has the dialled number among its phones. */
export interface NumberClient {
  id: number;
  /** The client's state (sg_estado), null when unknown. */
  state: string | null;
  /** cliente.ts_nao_ligar is set (outcome 302, or the client asked). */
  doNotCall: boolean;
  /** Inside the INSS 180-day marketing ban (the queue's own condition, queue.repository.ts). */
  banned: boolean;
  /** The campaign the calling attendant holds this client from (fila em_atendimento), if they do. */
  heldCampaign: number | null;
  /** That campaign's own caller number (campanha.id_numero_saida), if it has one. */
  heldCampaignNumber: string | null;
}

export interface OutboundFacts {
  /** The number is on the company's suppression list. */
  suppressed: boolean;
  clients: readonly NumberClient[];
  /** The state of the number's DDD (phoneNumbers.ts), for a client without a state or no client at all. */
  areaState: string | null;
  window: CompanyWindow;
  now: Date;
}

/**
 * The first lawful-dialling rule that forbids calling this number now, or null. Every client with the number
 * counts (it is one phone: a relative's do-not-call or ban covers the line), and the calling window must be
 * open in the local time of each of them (client's state, else the DDD's, else São Paulo).
 */
export function lawfulDiallingRefusal({ suppressed, clients, areaState, window, now }: OutboundFacts): LawfulRefusal | null {
  if (suppressed) return REFUSAL.NAO_PERTURBE;
  if (clients.some((client) => client.doNotCall)) return REFUSAL.NAO_LIGAR;
  const states = clients.length > 0 ? clients.map((client) => client.state ?? areaState) : [areaState];
  if (!states.every((state) => mayCallNow(window, state, now))) return REFUSAL.FORA_DO_HORARIO;
  if (clients.some((client) => client.banned)) return REFUSAL.INSS_180_DIAS;
  return null;
}

/**
 * Whom an allowed call is recorded against: the client the attendant holds from the queue among those with
 * the number (and its campaign), else the only client with it, else nobody.
 */
export function calledClient(clients: readonly NumberClient[]): NumberClient | null {
  return clients.find((client) => client.heldCampaign !== null) ?? (clients.length === 1 ? clients[0] : null);
}

/** The number the client sees: the campaign's own, else the company's main one, else SIP_CALLER_ID, else none. */
export function callerIdFor(client: NumberClient | null, mainNumber: string | null, configured: string | undefined): string {
  return client?.heldCampaignNumber ?? mainNumber ?? configured ?? '';
}

/** Kamailio splits on ';' and '=' and trims nothing: values are plain tokens (digits, letters, '-', ',', '.'). */
const TOKEN = /^[0-9A-Za-z,._-]*$/;

/**
 * `chave=valor;chave=valor`, as Kamailio's {param.value,name} transformation reads it. A value that could
 * break that reading is a bug here, never something to pass on: it throws.
 */
export function kamailioAnswer(fields: Record<string, string | number | null>): string {
  return Object.entries(fields)
    .map(([key, value]) => {
      const text = value === null ? '' : String(value);
      if (!TOKEN.test(text)) throw new Error(`Valor impróprio para o Kamailio em ${key}`);
      return `${key}=${text}`;
    })
    .join(';');
}
