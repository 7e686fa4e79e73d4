import type { CallEnd } from './callAgent';

/** The fixed texts of product-spec §4 "Calls and telephony", §5 "Outgoing call" and §8. */
export const CALL_TEXTS = {
  received: 'Chamada recebida.',
  establishing: 'Estabelecendo conexão...',
  established: 'Conexão estabelecida.',
  terminated: 'Conexão terminada.',
  remoteHangup: 'Chamada encerrada.',
  rejected: 'Chamada rejeitada.',
  failed: 'Algo deu errado ao estabelecer conexão.',
  noExtension: 'Usuário não tem ramal.',
  unavailable: 'Telefonia indisponível no momento.',
  mediaDenied: 'Permita o uso do microfone para fazer e receber chamadas.',
} as const;

/**
 * What an outgoing call's SIP failure response tells the attendant (product-spec §8 leaves the texts to the
 * telephony layer). Documented in docs/architecture.md "Softphone"; codes missing here read as CALL_TEXTS.failed.
 */
export const SIP_FAILURE_TEXTS: Readonly<Record<number, string>> = {
  404: 'Número não encontrado ou fora de alcance.',
  408: 'O número chamado não atendeu.',
  480: 'Número indisponível no momento. Tente mais tarde.',
  486: 'Número ocupado.',
  487: 'Chamada cancelada.',
  488: 'Chamada não completada: o telefone chamado não aceitou o áudio.',
  503: 'Serviço de telefonia indisponível. Tente novamente em instantes.',
  // Decline and Forbidden are the called party refusing: the spec's rejection text.
  403: CALL_TEXTS.rejected,
  603: CALL_TEXTS.rejected,
};

/**
 * Why the SIP edge refused a call (Kamailio's X-Consig-Recusa, the API's lawful-dialling decision; docs/rules.md
 * "Calls"): the attendant reads which rule, not a bare 'Chamada rejeitada.'.
 */
export const EDGE_REFUSAL_TEXTS: Readonly<Record<string, string>> = {
  'nao-perturbe': 'Ligação bloqueada: o número está na lista "Não Me Perturbe".',
  'nao-ligar': 'Ligação bloqueada: o cliente pediu para não ser chamado.',
  'fora-do-horario': 'Ligação bloqueada: fora do horário permitido para ligar a este cliente.',
  'inss-180-dias': 'Ligação bloqueada: cliente do INSS nos 180 dias após a concessão do benefício.',
  ramal: 'Ligação bloqueada: este ramal não pode fazer a ligação.',
  'sem-numero': 'Ligação bloqueada: a empresa não tem número de saída configurado.',
  indisponivel: 'Serviço de telefonia indisponível. Tente novamente em instantes.',
};

/** The line the call bar shows while a call is up: every call is recorded (LGPD: the client must be told). */
export const RECORDING_NOTICE = 'Ligação gravada: informe o cliente.';

export type Tone = 'info' | 'success' | 'error';

/** The text (and its toast kind) an ended call shows, given its direction and whether it was answered. */
export function endText(end: CallEnd, direction: 'incoming' | 'outgoing', wasEstablished: boolean): { text: string; tone: Tone } {
  if (end.reason === 'media-denied') return { text: CALL_TEXTS.mediaDenied, tone: 'error' };
  // product-spec §4: a remote hangup shows 'Chamada encerrada.'; every other end of an answered call, and
  // every end of an incoming one (refused here, given up by the caller), shows 'Conexão terminada.'.
  if (wasEstablished || end.reason === 'hangup') {
    return { text: end.by === 'remote' ? CALL_TEXTS.remoteHangup : CALL_TEXTS.terminated, tone: 'info' };
  }
  if (direction === 'incoming') return { text: CALL_TEXTS.terminated, tone: 'info' };
  // An outgoing call that never got through: first, a rule that refused it at the edge.
  const refusal = end.refusal ? EDGE_REFUSAL_TEXTS[end.refusal] : undefined;
  if (refusal) return { text: refusal, tone: 'error' };
  if (end.reason === 'rejected') return { text: CALL_TEXTS.rejected, tone: 'error' };
  if (end.reason === 'canceled') return { text: SIP_FAILURE_TEXTS[487], tone: 'info' };
  if (end.reason === 'no-answer') return { text: SIP_FAILURE_TEXTS[408], tone: 'error' };
  const known = end.statusCode === null ? undefined : SIP_FAILURE_TEXTS[end.statusCode];
  return { text: known ?? CALL_TEXTS.failed, tone: 'error' };
}
