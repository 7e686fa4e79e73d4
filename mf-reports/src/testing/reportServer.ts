import { NO_ACTIVITY, type Attendant, type Campaign, type Report, type ReportBucket, type ReportFigures } from '@consig/shared';
import { fakeApi, type FakeAnswer, type FakeApiRequest } from '@consig/shared/testing';
import { boardAnswer } from './floorServer';

/**
 * Test records and a fake API for the period report's tests ('Relatórios' tab); never imported by app code.
 * The report's figures add up: the totals are the buckets' sums, the caller numbers' calls the attempts.
 */
export const someFigures = (overrides: Partial<ReportFigures> = {}): ReportFigures => ({ ...NO_ACTIVITY, ...overrides });

export const aBucket = (DE_Chave: string, overrides: Partial<ReportFigures> = {}): ReportBucket => ({
  DE_Chave,
  ...someFigures(overrides),
});

/** Two working days of March 2026 (the 3rd without activity, so left out), by day. */
export function aReport(overrides: Partial<Report> = {}): Report {
  return {
    inicio: '2026-03-01',
    fim: '2026-03-16',
    agrupar: 'dia',
    totais: someFigures({
      NU_Tentativas: 60,
      NU_Atendidas: 16,
      NU_Recebidas: 2,
      NU_SegundosFalados: 2400,
      NU_SegundosToque: 400,
      NU_Resultados: 13,
      NU_Propostas: 3,
      VL_Propostas: '20000.00',
      NU_SegundosLogado: 43_200,
      NU_SegundosPausa: 5400,
      NU_SegundosPosAtendimento: 900,
    }),
    linhas: [
      aBucket('2026-03-02', {
        NU_Tentativas: 40,
        NU_Atendidas: 10,
        NU_Recebidas: 2,
        NU_SegundosFalados: 1500,
        NU_SegundosToque: 300,
        NU_Resultados: 9,
        NU_Propostas: 2,
        VL_Propostas: '15320.50',
        NU_SegundosLogado: 28_800,
        NU_SegundosPausa: 3600,
        NU_SegundosPosAtendimento: 600,
      }),
      aBucket('2026-03-04', {
        NU_Tentativas: 20,
        NU_Atendidas: 6,
        NU_SegundosFalados: 900,
        NU_SegundosToque: 100,
        NU_Resultados: 4,
        NU_Propostas: 1,
        VL_Propostas: '4679.50',
        NU_SegundosLogado: 14_400,
        NU_SegundosPausa: 1800,
        NU_SegundosPosAtendimento: 300,
      }),
    ],
    resultados: [
      { ID_Status: 301, DE_Status: 'Não atende', NU_Quantidade: 5 },
      { ID_Status: 302, DE_Status: 'Falecido', NU_Quantidade: 0 },
      { ID_Status: 303, DE_Status: 'Sem interesse', NU_Quantidade: 4 },
      { ID_Status: 304, DE_Status: 'Sem margem', NU_Quantidade: 1 },
      { ID_Status: 305, DE_Status: 'Retornar ligação', NU_Quantidade: 0 },
      { ID_Status: 306, DE_Status: 'Virou cliente', NU_Quantidade: 3 },
    ],
    pausas: [
      { ID_MotivoPausa: 203, DE_MotivoPausa: 'Banheiro', NU_Segundos: 1800 },
      { ID_MotivoPausa: 202, DE_MotivoPausa: 'Almoço', NU_Segundos: 3600 },
    ],
    numeros: [
      { NU_Numero: '1130030303', DT_Dia: '2026-03-02', NU_Ligacoes: 30, NU_Curtas: 20 },
      { NU_Numero: '11987654321', DT_Dia: '2026-03-02', NU_Ligacoes: 10, NU_Curtas: 2 },
      { NU_Numero: '1130030303', DT_Dia: '2026-03-04', NU_Ligacoes: 20, NU_Curtas: 10 },
    ],
    ...overrides,
  };
}

/** GET /relatorios/periodo's answer with `report`. */
export const reportAnswer = (report: Report = aReport()): FakeAnswer => ({ body: { success: true, text: '', data: report } });

export const CAMPAIGNS: Campaign[] = [
  {
    CampanhaID: 4,
    DE_Campanha: 'FGTS Abril',
    CO_Campanha: 'FGTS-04',
    ID_Orgao: 2,
    ID_Status: 35,
    importacao: null,
    NU_Higienizados: 0,
    NU_Importados: 0,
    TS_Baixa: null,
    TS_Solicitacao: null,
  },
  {
    CampanhaID: 3,
    DE_Campanha: 'INSS Março',
    CO_Campanha: 'INSS-03',
    ID_Orgao: 1,
    ID_Status: 35,
    importacao: null,
    NU_Higienizados: 0,
    NU_Importados: 0,
    TS_Baixa: null,
    TS_Solicitacao: null,
  },
];
export const ATTENDANTS: Attendant[] = [
  { AtendenteID: 7, DE_Pessoa: 'Ana Souza' },
  { AtendenteID: 8, DE_Pessoa: 'Bruno Alves' },
];

/** The CSV the API sends, with the name its Content-Disposition gives. */
export const csvAnswer = (fileName = 'relatorio-2026-03-16.csv'): FakeAnswer => ({
  body: new Blob(['\uFEFFDia;Tentativas\n16/03/2026;0\n'], { type: 'text/csv' }),
  headers: { 'content-disposition': `attachment; filename="${fileName}"` },
});

/**
 * Answers GET /relatorios/periodo with `report(request)` and its CSV with `csv(request)`, the campaigns and the
 * attendants for the filters, and the live board (the other tab). `reportReads()` lists the report's requests
 * with their query strings; `csvReads()` the CSV's.
 */
export function serveReports({
  report = () => reportAnswer(),
  csv = () => csvAnswer(),
}: { report?: (request: FakeApiRequest) => FakeAnswer; csv?: (request: FakeApiRequest) => FakeAnswer } = {}) {
  const server = fakeApi((request) => {
    const path = (request.url ?? '').split('?')[0];
    if (request.method !== 'get') return { status: 404, body: { success: false, text: 'Recurso não encontrado.' } };
    if (path === '/relatorios/periodo') return report(request);
    if (path === '/relatorios/periodo/csv') return csv(request);
    if (path === '/cadastro/campanhas') return { body: { success: true, text: '', data: CAMPAIGNS } };
    if (path === '/atendente') return { body: { success: true, text: '', data: ATTENDANTS } };
    if (path === '/relatorios/ao-vivo') return boardAnswer();
    return { status: 404, body: { success: false, text: 'Recurso não encontrado.' } };
  });
  const startingWith = (prefix: string) => () => server.requests.filter((request) => request.startsWith(prefix));
  return { ...server, reportReads: startingWith('GET /relatorios/periodo?'), csvReads: startingWith('GET /relatorios/periodo/csv?') };
}
