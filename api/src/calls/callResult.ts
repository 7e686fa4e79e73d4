/**
 * The one-line result of a call in the users' lists (DE_Resultado; docs/rules.md "Calls"), from what the
 * call record holds. Pure.
 */
import { REFUSAL, EDGE_REASON } from './edgeDecision';

export interface CallOutcome {
  situation: 'tocando' | 'em_curso' | 'encerrada';
  closure: 'chamador' | 'chamado' | 'recusada' | 'falhou' | 'varredura' | null;
  refusal: string | null;
  sip: number | null;
  answered: boolean;
}

const REFUSAL_TEXT: Record<string, string> = {
  [REFUSAL.NAO_PERTURBE]: 'Recusada: Não Me Perturbe',
  [REFUSAL.FORA_DO_HORARIO]: 'Recusada: fora do horário permitido',
  [REFUSAL.INSS_180_DIAS]: 'Recusada: cliente INSS nos 180 dias após a concessão',
  [REFUSAL.NAO_LIGAR]: 'Recusada: cliente pediu para não ser chamado',
  [EDGE_REASON.NUMBER]: 'Recusada: número inválido',
};

/** SIP final failures as the call bar words them (docs/architecture.md "Softphone"), shorter. */
const FAILURE_TEXT: Record<number, string> = {
  404: 'Número não encontrado',
  484: 'Número não encontrado',
  604: 'Número não encontrado',
  408: 'Não atendida',
  480: 'Não atendida',
  486: 'Ocupado',
  600: 'Ocupado',
  487: 'Cancelada',
  403: 'Rejeitada',
  603: 'Rejeitada',
  488: 'Não completada: áudio não aceito',
  503: 'Serviço de telefonia indisponível',
};

export function callResultText({ situation, closure, refusal, sip, answered }: CallOutcome): string {
  if (situation === 'tocando') return 'Chamando';
  if (situation === 'em_curso') return 'Em andamento';
  switch (closure) {
    case 'recusada':
      return (refusal && REFUSAL_TEXT[refusal]) || 'Recusada';
    case 'varredura':
      return 'Encerrada pela varredura';
    case 'falhou':
      return (sip !== null && FAILURE_TEXT[sip]) || (sip === null ? 'Não completada' : `Não completada (SIP ${sip})`);
    default:
      // Ended by a BYE from either side: answered, unless the dialog ended before any answer.
      return answered ? 'Atendida' : 'Não atendida';
  }
}
