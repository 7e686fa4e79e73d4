import type { FloorAttendant, FloorBoard } from '@consig/shared';
import { fakeApi, type FakeApiRequest, type FakeAnswer } from '@consig/shared/testing';

/**
 * Test records and a fake API for the reports screen's tests; never imported by app code. The server's clock
 * reads SERVER_NOW; the rows' instants are given as seconds before it.
 */
export const SERVER_NOW = Date.parse('2026-03-16T13:00:00.000Z');

/** The instant `seconds` before the server's SERVER_NOW, as the API writes instants. */
export const secondsAgo = (seconds: number) => new Date(SERVER_NOW - seconds * 1000).toISOString();

export function anAttendant(AtendenteID: number, overrides: Partial<FloorAttendant> = {}): FloorAttendant {
  return {
    AtendenteID,
    DE_Pessoa: `Atendente ${AtendenteID}`,
    CO_Estado: 'disponivel',
    ID_MotivoPausa: null,
    DE_MotivoPausa: null,
    TS_Estado: secondsAgo(30),
    ID_Campanha: null,
    DE_Campanha: null,
    ID_Cliente: null,
    DE_Cliente: null,
    DE_CPFParcial: null,
    NU_Ligacoes: 0,
    NU_SegundosFalados: 0,
    NU_Propostas: 0,
    VL_Propostas: '0.00',
    ...overrides,
  };
}

/** A floor with one attendant in each state but ringing, two of them on campaigns. */
export const floorRows = (): FloorAttendant[] => [
  anAttendant(7, {
    DE_Pessoa: 'Ana Souza',
    CO_Estado: 'em_ligacao',
    TS_Estado: secondsAgo(125),
    ID_Campanha: 3,
    DE_Campanha: 'INSS Março',
    ID_Cliente: 40,
    DE_Cliente: 'Maria Lima',
    DE_CPFParcial: '***.444.777-**',
    NU_Ligacoes: 12,
    NU_SegundosFalados: 3725,
    NU_Propostas: 2,
    VL_Propostas: '15320.50',
  }),
  anAttendant(8, {
    DE_Pessoa: 'Bruno Alves',
    CO_Estado: 'disponivel',
    TS_Estado: secondsAgo(5),
    ID_Campanha: 4,
    DE_Campanha: 'FGTS Abril',
  }),
  anAttendant(9, {
    DE_Pessoa: 'Carla Dias',
    CO_Estado: 'pausa',
    ID_MotivoPausa: 202,
    DE_MotivoPausa: 'Almoço',
    TS_Estado: secondsAgo(3_700),
  }),
  anAttendant(10, {
    DE_Pessoa: 'Diego Reis',
    CO_Estado: 'pos_atendimento',
    TS_Estado: secondsAgo(20),
    ID_Campanha: 3,
    DE_Campanha: 'INSS Março',
    ID_Cliente: 41,
    DE_Cliente: 'João Prado',
    DE_CPFParcial: '***.555.888-**',
  }),
  anAttendant(11, { DE_Pessoa: 'Elisa Melo', CO_Estado: 'offline', TS_Estado: secondsAgo(600) }),
];

export function aBoard(overrides: Partial<FloorBoard> = {}): FloorBoard {
  return {
    TS_Servidor: new Date(SERVER_NOW).toISOString(),
    NU_LimitePosAtendimento: 60,
    NU_RetornosVencidos: 4,
    atendentes: floorRows(),
    ...overrides,
  };
}

/** GET /relatorios/ao-vivo's answer with `board`. */
export const boardAnswer = (board: FloorBoard = aBoard()): FakeAnswer => ({ body: { success: true, text: '', data: board } });

/** A write's answer as PUT /relatorios/ao-vivo/{id}/status gives it (attendantStatusResponse). */
export const statusAnswer = (ID_Status: number, ID_MotivoPausa: number | null, text: string) => ({
  body: { success: true, text, ID_Status, ID_MotivoPausa, data: { ID_Status, ID_MotivoPausa } },
});

/**
 * Answers GET /relatorios/ao-vivo with `board()` (read on every request, so a test may change it), the
 * status PUTs with `status(request)` and the after-call limit's PUT with `limit()`. `requests` lists what was asked ('GET /relatorios/ao-vivo'); `bodies`
 * the PUTs' paths and bodies.
 */
export function serveFloor({
  board = () => boardAnswer(),
  status = () => statusAnswer(201, 203, 'Atendente pausado.'),
  limit = () => ({ body: { success: true, text: 'Limite de pós-atendimento: 90 s.' } }),
}: { board?: () => FakeAnswer; status?: (request: FakeApiRequest) => FakeAnswer; limit?: () => FakeAnswer } = {}) {
  const puts: { path: string | undefined; body: unknown }[] = [];
  const server = fakeApi((request) => {
    if (request.method === 'get' && request.url === '/relatorios/ao-vivo') return board();
    if (request.method === 'put' && /^\/relatorios\/ao-vivo\/\d+\/status$/.test(request.url ?? '')) {
      puts.push({ path: request.url, body: JSON.parse(String(request.data)) });
      return status(request);
    }
    if (request.method === 'put' && request.url === '/relatorios/ao-vivo/limite') {
      puts.push({ path: request.url, body: JSON.parse(String(request.data)) });
      return limit();
    }
    return { status: 404, body: { success: false, text: 'Recurso não encontrado.' } };
  });
  return { ...server, puts, reads: () => server.requests.filter((request) => request === 'GET /relatorios/ao-vivo').length };
}
