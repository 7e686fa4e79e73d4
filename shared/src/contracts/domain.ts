/** Codes and labels decided in product-spec §4/§9 and docs/rules.md "Status codes". One place for every app and the API. */

export const ROLE = { ATENDENTE: 11, SUPERVISOR: 12, GERENTE: 13 } as const;
export type RoleId = (typeof ROLE)[keyof typeof ROLE];
export const ROLE_LABELS: Record<RoleId, string> = { 11: 'Atendente', 12: 'Supervisor', 13: 'Gerente' };
/** Campaign management needs a supervisor or a manager. */
export const canManageCampaigns = (role: number) => role === ROLE.SUPERVISOR || role === ROLE.GERENTE;

export const ATTENDANT_STATUS = { AVAILABLE: 81, PAUSED: 201 } as const;

/** Pause reasons sent to PUT /atendente/tabular; 81 ('Livre') returns to available. */
export const PAUSE_REASONS = [
  { ID_Status: 202, DE_Status: 'Almoço' },
  { ID_Status: 203, DE_Status: 'Banheiro' },
  { ID_Status: 204, DE_Status: 'Feedback' },
  { ID_Status: 205, DE_Status: 'Problemas técnicos' },
  { ID_Status: 206, DE_Status: 'Leads' },
  { ID_Status: 81, DE_Status: 'Livre' },
] as const;

/** Call outcomes sent to PUT /crm/tabulacao/cliente. */
export const CALL_OUTCOMES = [
  { ID_Status: 301, DE_Status: 'Não atende' },
  { ID_Status: 302, DE_Status: 'Falecido' },
  { ID_Status: 303, DE_Status: 'Sem interesse' },
  { ID_Status: 304, DE_Status: 'Sem margem' },
  { ID_Status: 305, DE_Status: 'Retornar ligação' },
  { ID_Status: 306, DE_Status: 'Virou cliente' },
] as const;

export const CAMPAIGN_STATUS = { CRIADO: 26, EM_ANDAMENTO: 35, EM_ANALISE: 72, PAUSADO: 58 } as const;
const CAMPAIGN_STATUS_LABELS: Record<number, string> = { 26: 'Criado', 35: 'Em andamento', 72: 'Em análise', 58: 'Pausado' };
/** product-spec §4: any other value is blank. */
export const campaignStatusLabel = (id: number | null | undefined) => (id == null ? '' : (CAMPAIGN_STATUS_LABELS[id] ?? ''));

export const IMPORT_STATUS = { PROCESSANDO: 0, CONCLUIDO: 63, ERRO: 99 } as const;
const IMPORT_STATUS_LABELS: Record<number, string> = { 63: 'Concluído', 0: 'Processando', 99: 'Erro' };
/** product-spec §4: no import at all reads 'Sem arquivo'. */
export const importStatusLabel = (campaignImport: { ID_Status: number } | null | undefined) =>
  campaignImport == null ? 'Sem arquivo' : (IMPORT_STATUS_LABELS[campaignImport.ID_Status] ?? '');

export const TICKET_STATUS = { PENDENTE: 73, RESOLVIDO: 75 } as const;

export const PROPOSAL_STATUSES = [
  { StatusID: 10, DE_Status: 'Aguardando digitação' },
  { StatusID: 20, DE_Status: 'Digitada' },
  { StatusID: 30, DE_Status: 'Pendente' },
  { StatusID: 40, DE_Status: 'Em análise no banco' },
  { StatusID: 50, DE_Status: 'Aprovada' },
  { StatusID: 60, DE_Status: 'Paga' },
  { StatusID: 90, DE_Status: 'Cancelada' },
  { StatusID: 91, DE_Status: 'Reprovada' },
] as const;

export const CREDIT_TYPES = [
  { ID_TipoCredito: 1, label: 'INSS' },
  { ID_TipoCredito: 2, label: 'ML' },
  { ID_TipoCredito: 3, label: 'SIAPE' },
  { ID_TipoCredito: 4, label: 'FGTS' },
  { ID_TipoCredito: 5, label: 'Crédito Privado' },
  { ID_TipoCredito: 6, label: 'EGC' },
  { ID_TipoCredito: 7, label: 'EGI' },
] as const;

/** Credit type ids (product-spec §1; table tipo_credito). */
export const CREDIT_TYPE = { INSS: 1, ML: 2, SIAPE: 3, FGTS: 4, CCP: 5, EGC: 6, EGI: 7 } as const;
/** The credit type's name as the tabs write it (INSS, ML, SIAPE, FGTS, Crédito Privado, EGC, EGI). */
export const creditTypeLabel = (id: number) => CREDIT_TYPES.find((type) => type.ID_TipoCredito === id)?.label ?? String(id);

/**
 * The term choices per credit type: product-spec §9 for INSS and ML in months (0 is the screen's "no term
 * chosen yet"), private credit in months and FGTS in anticipated years. §9 names no list for SIAPE, EGC and
 * EGI: theirs are ours (docs/rules.md "SIAPE, EGC and EGI offers"): SIAPE up to the 96 installments in force,
 * EGC (auto equity) 12 to 60 months, EGI (home equity) 36 to 240 months.
 */
export const TERMS_BY_CREDIT_TYPE: Readonly<Record<number, readonly number[]>> = {
  [CREDIT_TYPE.INSS]: [0, 48, 60, 72, 84, 96],
  [CREDIT_TYPE.ML]: [0, 48, 60, 72, 84, 96],
  [CREDIT_TYPE.SIAPE]: [12, 24, 36, 48, 60, 72, 84, 96],
  [CREDIT_TYPE.CCP]: [12, 24, 36, 48, 60],
  [CREDIT_TYPE.FGTS]: [2, 3, 4, 5, 6, 7, 8, 9, 10],
  [CREDIT_TYPE.EGC]: [12, 24, 36, 48, 60],
  [CREDIT_TYPE.EGI]: [36, 60, 120, 180, 240],
};

export const AGENCY = { FGTS: 1, INSS: 4 } as const;

/** Realtime alert code that carries an updated operation. */
export const ALERT_OPERATION_UPDATE = 1087;
