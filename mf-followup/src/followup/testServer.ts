import {
  api,
  type PendingTicket,
  type PossibleStatus,
  type ProposalHistoryEntry,
  type ProposalListItem,
  type StatusSummaryItem,
} from '@consig/shared';

/**
 * Test records and a fake API for the follow-up screen's tests; never imported by app code. (Lint lets
 * only *.test files and src/test(ing) folders import '@consig/shared/testing', hence the local `ok`.)
 */
const ok = <T>(data: T) => ({ data: { success: true, text: '', data }, status: 200 });

// Proposal status codes (10 Aguardando digitação … 91 Reprovada), not the campaign ones.
export const statuses: StatusSummaryItem[] = [
  { ID_Status: 20, DE_Status: 'Digitada', NU_Quantidade: 5 },
  { ID_Status: 60, DE_Status: 'Paga', NU_Quantidade: 12 },
  { ID_Status: 90, DE_Status: 'Cancelada', NU_Quantidade: 0 },
];

export const possibleStatuses: PossibleStatus[] = [
  { StatusID: 10, DE_Status: 'Aguardando digitação' },
  { StatusID: 20, DE_Status: 'Digitada' },
  { StatusID: 60, DE_Status: 'Paga' },
  { StatusID: 90, DE_Status: 'Cancelada' },
];

export const bankOptions = [
  { BancoID: 341, DE_Banco: 'Itaú' },
  { BancoID: 623, DE_Banco: 'Banco Pan' },
];
export const attendantOptions = [
  { AtendenteID: 7, DE_Pessoa: 'Ana Atendente' },
  { AtendenteID: 8, DE_Pessoa: 'Bruno Atendente' },
];
export const indicatorOptions = [{ IndicadorID: 3, DE_Indicador: 'Carlos Indicador' }];

export function aProposal(overrides: Partial<ProposalListItem> = {}): ProposalListItem {
  return {
    ID_Proposta: 1,
    CO_ADE: 'ADE0001',
    DE_Pessoa: 'Maria Souza',
    CO_CPF: '11144477735',
    DE_Tabela: 'Normal',
    DE_Operacao: 'Empréstimo novo',
    DE_Liquido: '1234.56',
    DT_Digitacao: '2026-03-15T10:00:00-03:00',
    ID_Status: 20,
    DE_Status: 'Digitada',
    ID_Atendente: 7,
    DE_Atendente: 'Ana Atendente',
    DE_Indicador: 'Carlos Indicador',
    SN_API: 0,
    CO_Banco: 341,
    DE_Banco: 'Itaú',
    LN_LogoBanco: '/cadastro/banco/341/logo',
    CO_Agencia: '1234',
    CO_AgenciaDV: '5',
    CO_ContaCorrente: '98765',
    CO_ContaCorrenteDV: '0',
    DE_Telefone: '11987654321',
    EM_Email: 'maria@example.com',
    DT_Nascimento: '1958-03-12',
    CO_Identidade: '123456789',
    DE_Sexo: 'F',
    DE_Mae: 'Joana Souza',
    CO_Cep: '01001000',
    DE_Endereco: 'Praça da Sé',
    DE_Numero: '100',
    DE_Complemento: 'apto 1',
    DE_Bairro: 'Sé',
    DE_Cidade: 'São Paulo',
    ID_StatusChamado: null,
    ...overrides,
  };
}

/** The status history GET /crm/proposta/{id}/historico answers: the registration, then a supervisor's change. */
export const proposalHistory: ProposalHistoryEntry[] = [
  {
    TS_Alteracao: '2026-03-15T13:00:00.000Z',
    ID_Pessoa: 7,
    DE_Pessoa: 'Ana Atendente',
    ID_StatusAnterior: null,
    DE_StatusAnterior: null,
    ID_Status: 10,
    DE_Status: 'Aguardando digitação',
  },
  {
    TS_Alteracao: '2026-03-16T17:05:00.000Z',
    ID_Pessoa: 1,
    DE_Pessoa: 'Sara Supervisora',
    ID_StatusAnterior: 10,
    DE_StatusAnterior: 'Aguardando digitação',
    ID_Status: 20,
    DE_Status: 'Digitada',
  },
];

export function aPendingTicket(ChamadoID: number, overrides: Partial<PendingTicket> = {}): PendingTicket {
  return {
    ChamadoID,
    ID_Proposta: 1,
    ID_Status: 73,
    TX_Chamado: `Chamado ${ChamadoID}: revisar a taxa.`,
    TS_Chamado: '2026-03-15T09:30:00.000-03:00',
    TX_Resposta: null,
    TS_Resposta: null,
    SN_Anexo: false,
    SN_AnexoResposta: false,
    CO_ADE: `ADE-${ChamadoID}`,
    DE_Pessoa: 'Maria Souza',
    DE_Atendente: 'Ana Atendente',
    ...overrides,
  };
}

/** GET /crm/chamado/pendentes: the tickets listed and how many are pending in all (NU_Total). */
export interface PendingList {
  rows: PendingTicket[];
  total: number;
}

export interface ListPage {
  rows: ProposalListItem[];
  next: string | null;
}

/** The list's answer: the page, NU_Total and the next page's cursor. */
const listAnswer = ({ rows, next }: ListPage, total: number) => ({
  data: { success: true, text: '', data: rows, NU_Total: total, TX_Proximo: next },
  status: 200,
});

/**
 * Answers the screen's GETs: counts, possible statuses, dropdown lists, tickets (a proposal's: none; the
 * pending list: `pending`) and the list, whose pages are found by their ?cursor= (no cursor: the first one).
 * Returns the spy; `urls()` lists the GETs.
 */
export function serveFollowup({
  pages = [{ rows: [aProposal()], next: null }],
  total = 17,
  pending = { rows: [], total: 0 },
}: { pages?: Record<string, ListPage> | ListPage[]; total?: number; pending?: PendingList } = {}) {
  const byCursor: Record<string, ListPage> = Array.isArray(pages)
    ? Object.fromEntries(pages.map((page, i) => [i === 0 ? '' : `c${i}`, page]))
    : pages;
  const get = jest.spyOn(api, 'get').mockImplementation(async (url: string) => {
    if (url === '/crm/proposta/status/possiveis') return ok(possibleStatuses);
    if (url.startsWith('/crm/proposta/status')) return ok(statuses);
    if (url === '/crm/proposta/banco') return ok(bankOptions);
    if (url === '/crm/proposta/atendente') return ok(attendantOptions);
    if (url === '/crm/proposta/indicador') return ok(indicatorOptions);
    if (/^\/crm\/proposta\/\d+\/historico$/.test(url)) return ok(proposalHistory);
    if (url === '/crm/chamado/pendentes')
      return { data: { success: true, text: '', data: pending.rows, NU_Total: pending.total }, status: 200 };
    if (url.startsWith('/crm/chamado')) return ok([]);
    if (url.startsWith('/crm/proposta/csv/')) return { data: new Blob(['\ufeffNome;ADE\n'], { type: 'text/csv' }), status: 200 };
    if (/^\/crm\/proposta\/\d+\/\d+\/\d+\/\d+/.test(url)) {
      const cursor = new URL(url, 'http://x').searchParams.get('cursor') ?? '';
      const page = byCursor[cursor];
      if (page) return listAnswer(page, total);
    }
    return { data: { success: false, text: `Recurso não encontrado: ${url}` }, status: 404 };
  });
  return Object.assign(get, {
    urls: () => get.mock.calls.map(([url]) => url),
    listUrls: () => get.mock.calls.map(([url]) => url).filter((url) => /^\/crm\/proposta\/\d/.test(url)),
    summaryUrls: () =>
      get.mock.calls.map(([url]) => url).filter((url) => url.startsWith('/crm/proposta/status?') || url === '/crm/proposta/status'),
  });
}
