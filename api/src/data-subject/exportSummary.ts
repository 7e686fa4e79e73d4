/**
 * The export's `resumo` (LGPD, Lei 13.709/2018 art. 19 II: a clear and complete statement of what is held, where it
 * came from and why): lines of Portuguese a person reads without knowing the tables. Pure: the rows come in.
 */
import { formatSaoPauloDateTime, maskCpf } from '@consig/shared/format';
import { CATEGORIES } from './categories';
import type { DataSubjectClient } from './dataSubject.repository';

interface ExportFacts {
  client: DataSubjectClient;
  company: string;
  /** ISO 8601 instant of the export. */
  generatedAt: string;
  /** Every category's rows, by key (categories.ts). */
  found: Map<string, unknown[]>;
}

/** What the summary reads of an exported proposal (categories.ts adds its status and bank names). */
interface ProposalRow {
  co_ade?: string;
  de_banco?: string;
  de_status?: string;
  dt_digitacao?: string;
  vl_bruto?: string;
}

const proposalLine = (p: ProposalRow) =>
  `Proposta ADE ${p.co_ade ?? '?'} (${p.de_banco ?? 'banco ?'}): ${p.de_status ?? '?'}, ` +
  `digitada em ${p.dt_digitacao ? formatSaoPauloDateTime(p.dt_digitacao) : '?'}, valor bruto R$ ${p.vl_bruto ?? '?'}.`;

export function exportSummaryLines({ client, company, generatedAt, found }: ExportFacts): string[] {
  const count = (key: string) => found.get(key)?.length ?? 0;
  return [
    `Dados pessoais do titular de CPF ${maskCpf(client.cpf)} mantidos por ${company}, exportados em ${formatSaoPauloDateTime(generatedAt)} (horário de Brasília).`,
    client.anonymisedAt
      ? `O titular foi anonimizado em ${formatSaoPauloDateTime(client.anonymisedAt)}: restam o CPF e as propostas que a lei exige guardar.`
      : `Nome no cadastro: ${client.name || '(sem nome)'}.`,
    'Origem dos dados: a base de prospecção do fornecedor de dados, as listas importadas nas campanhas e o que os atendentes digitaram nos atendimentos.',
    'Finalidade: oferecer, simular e contratar crédito consignado, acompanhar as propostas junto aos bancos e registrar as ligações.',
    ...CATEGORIES.map(({ key, label }) => `${label}: ${count(key)} registro(s).`),
    ...((found.get('propostas') ?? []) as ProposalRow[]).map(proposalLine),
    'Consentimentos: o sistema não registra consentimentos; nenhum dado acima depende de um.',
    'Arquivos: documentos, anexos de chamados e gravações aparecem pelo nome e pelo tamanho; o conteúdo de cada um é entregue à parte, a pedido.',
    'Valores em reais com ponto decimal; datas e horas como o banco de dados as guarda (com o fuso).',
  ];
}
