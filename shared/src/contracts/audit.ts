import * as z from 'zod/mini';
import { isCalendarDate } from '../credit/calendar';
import { idParam } from './fields';

// The audit (issue 22 "Audit"; LGPD, Lei 13.709/2018 art. 37): who did what, when, from which address, with the
// values before and after. Only managers (13) read it (docs/rules.md "Audit").

/**
 * Every action the audit records, with the label the list and the CSV show. The database only checks an action's
 * form (migration 025): this list is where a new action is declared, and the writer (api/src/audit/audit.ts)
 * refuses any other.
 */
export const AUDIT_ACTIONS = {
  'proposta.exportacao': 'Propostas exportadas',
  'proposta.remocao': 'Proposta excluída',
  'atendente.pausa': 'Atendente pausado pelo supervisor',
  'atendente.retomada': 'Atendente retomado pelo supervisor',
  'ligacao.escuta': 'Ligação escutada',
  'empresa.limite_pos_atendimento': 'Limite de pós-atendimento alterado',
  'cliente.leituras_acima_limite': 'Leituras de clientes acima do limite diário',
  'pessoa.criacao': 'Pessoa cadastrada',
  'pessoa.edicao': 'Pessoa alterada',
  'pessoa.desativacao': 'Pessoa desativada',
  'pessoa.reativacao': 'Pessoa reativada',
  'pessoa.senha_redefinida': 'Senha redefinida',
  'pessoa.senha_alterada': 'Senha alterada pela própria pessoa',
  'gravacao.acesso': 'Gravação acessada',
  'auditoria.exportacao': 'Auditoria exportada',
  'relatorio.exportacao': 'Relatório exportado',
  'importacao.rejeitadas_exportacao': 'Linhas recusadas de uma importação exportadas',
  'proposta.status': 'Status da proposta alterado',
  'nao_perturbe.inclusao': 'Número incluído no Não Me Perturbe',
  'nao_perturbe.remocao': 'Número removido do Não Me Perturbe',
  'nao_perturbe.importacao': 'Lista do Não Me Perturbe importada',
  'empresa.janela_ligacao': 'Horários de ligação alterados',
  'empresa.retencao_gravacoes': 'Retenção de gravações alterada',
  'taxa.criacao': 'Taxa cadastrada',
  'taxa.remocao': 'Taxa futura removida',
  'numero.criacao': 'Número da empresa cadastrado',
  'numero.edicao': 'Número da empresa alterado',
  'numero.remocao': 'Número da empresa removido',
  'titular.exportacao': 'Dados do titular exportados (LGPD)',
  'titular.anonimizacao': 'Titular anonimizado (LGPD)',
  'titular.nao_perturbe': 'Telefones do titular incluídos no Não Me Perturbe (LGPD)',
} as const satisfies Record<string, string>;

export type AuditAction = keyof typeof AUDIT_ACTIONS;

export function isAuditAction(action: string): action is AuditAction {
  return Object.hasOwn(AUDIT_ACTIONS, action);
}

/** Audit rows per page of the list; the next page is asked for by its cursor (keyset, like the proposal list). */
export const AUDIT_PAGE_SIZE = 50;

export const AUDIT_TEXT = {
  forbidden: 'Apenas gerentes podem ver a auditoria.',
  invalidDay: 'Data inválida (use AAAA-MM-DD).',
  daysOutOfOrder: 'A data final não pode ser anterior à inicial.',
  unknownAction: 'Ação de auditoria desconhecida.',
  cursorInvalid: 'Cursor de página inválido: recarregue a lista.',
  personNotFound: 'Pessoa não encontrada.',
} as const;

/** A São Paulo calendar day, 'YYYY-MM-DD'. */
const auditDay = z.string().check(z.maxLength(10, AUDIT_TEXT.invalidDay), z.refine(isCalendarDate, AUDIT_TEXT.invalidDay));

/** The filters of the list and of the CSV: days are São Paulo's, both inclusive; every filter may be left out. */
export const auditFilterQuery = z
  .object({
    DT_Inicio: z.optional(auditDay),
    DT_Fim: z.optional(auditDay),
    ID_Pessoa: z.optional(idParam),
    TP_Acao: z.optional(z.string().check(z.maxLength(60, AUDIT_TEXT.unknownAction), z.refine(isAuditAction, AUDIT_TEXT.unknownAction))),
  })
  .check(
    z.refine(({ DT_Inicio: start, DT_Fim: end }) => !start || !end || start <= end, {
      error: AUDIT_TEXT.daysOutOfOrder,
      path: ['DT_Fim'],
    }),
  );
export type AuditFilterQuery = z.infer<typeof auditFilterQuery>;

/** The list's query: the filters and ?cursor= (the previous page's TX_Proximo). */
export const auditListQuery = z.extend(auditFilterQuery, {
  cursor: z.optional(z.string().check(z.maxLength(200, AUDIT_TEXT.cursorInvalid))),
});
export type AuditListQuery = z.infer<typeof auditListQuery>;

/** One audit row: who (ID_Pessoa, DE_Pessoa), when, from which address, what (TP_Acao and its label), the values. */
export const auditItem = z.object({
  ID_Auditoria: z.int(),
  /** ISO 8601 instant in UTC ('2025-03-10T12:00:00.000Z'). */
  TS_Acao: z.string(),
  ID_Pessoa: z.int(),
  DE_Pessoa: z.string(),
  TP_Acao: z.string(),
  /** The action's label (AUDIT_ACTIONS). */
  DE_Acao: z.string(),
  /** The client address the action came from; null when no request caused it. */
  DE_Endereco: z.nullable(z.string()),
  JS_Detalhe: z.record(z.string(), z.unknown()),
  /** The values before and after a change; null when the action changes no value (an export, a listen). */
  JS_Antes: z.unknown(),
  JS_Depois: z.unknown(),
});
export type AuditItem = z.infer<typeof auditItem>;

/** One page of the list, newest first; `TX_Proximo` is the cursor of the next page (null on the last one). */
export const auditListResponse = z.object({
  success: z.boolean(),
  text: z.string(),
  data: z.array(auditItem),
  TX_Proximo: z.nullable(z.string()),
});
export type AuditListResponse = z.infer<typeof auditListResponse>;
