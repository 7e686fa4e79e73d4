import { DEFAULT_WINDOW } from '../queue/callingRules';
import { callResultText } from './callResult';
import { calledClient, callerIdFor, kamailioAnswer, lawfulDiallingRefusal, type NumberClient, type OutboundFacts } from './edgeDecision';
import { kamailioInstant } from './kamailioForms';

// Wednesday 25/11/2026 10:00 in São Paulo (13:00 UTC): inside the default window everywhere in Brazil.
const WEDNESDAY_10H = new Date('2026-11-25T13:00:00Z');
// The same day at 18:30 in São Paulo: closed there, 16:30 in Acre (UTC-5, open), 17:30 in Amazonas (open).
const WEDNESDAY_18H30 = new Date('2026-11-25T21:30:00Z');

const client = (changes: Partial<NumberClient> = {}): NumberClient => ({
  id: 1,
  state: 'SP',
  doNotCall: false,
  banned: false,
  heldCampaign: null,
  heldCampaignNumber: null,
  ...changes,
});
const facts = (changes: Partial<OutboundFacts> = {}): OutboundFacts => ({
  suppressed: false,
  clients: [client()],
  areaState: 'SP',
  window: DEFAULT_WINDOW,
  now: WEDNESDAY_10H,
  ...changes,
});

describe('lawfulDiallingRefusal (docs/rules.md "Calls")', () => {
  it('allows a number with no rule against it', () => {
    expect(lawfulDiallingRefusal(facts())).toBeNull();
    expect(lawfulDiallingRefusal(facts({ clients: [] }))).toBeNull();
  });

  it('checks the rules in order: suppression list, do-not-call, calling hours, the INSS 180-day ban', () => {
    const everything = facts({ suppressed: true, clients: [client({ doNotCall: true, banned: true })], now: WEDNESDAY_18H30 });
    expect(lawfulDiallingRefusal(everything)).toBe('nao-perturbe');
    expect(lawfulDiallingRefusal({ ...everything, suppressed: false })).toBe('nao-ligar');
    expect(lawfulDiallingRefusal({ ...everything, suppressed: false, clients: [client({ banned: true })] })).toBe('fora-do-horario');
    expect(lawfulDiallingRefusal({ ...everything, suppressed: false, clients: [client({ banned: true })], now: WEDNESDAY_10H })).toBe(
      'inss-180-dias',
    );
  });

  it('counts every client with the number: one phone, one line', () => {
    expect(lawfulDiallingRefusal(facts({ clients: [client(), client({ id: 2, doNotCall: true })] }))).toBe('nao-ligar');
    expect(lawfulDiallingRefusal(facts({ clients: [client(), client({ id: 2, banned: true })] }))).toBe('inss-180-dias');
  });

  it("takes the calling window in the client's local time: its state, else the DDD's, else São Paulo", () => {
    const late = facts({ now: WEDNESDAY_18H30 });
    expect(lawfulDiallingRefusal({ ...late, clients: [client({ state: 'AC' })] })).toBeNull();
    expect(lawfulDiallingRefusal({ ...late, clients: [client({ state: 'SP' })] })).toBe('fora-do-horario');
    expect(lawfulDiallingRefusal({ ...late, clients: [client({ state: null })], areaState: 'AM' })).toBeNull();
    expect(lawfulDiallingRefusal({ ...late, clients: [], areaState: 'AC' })).toBeNull();
    expect(lawfulDiallingRefusal({ ...late, clients: [], areaState: null })).toBe('fora-do-horario');
    // Two clients in two time zones: the window must be open for both.
    expect(lawfulDiallingRefusal({ ...late, clients: [client({ state: 'AC' }), client({ id: 2, state: 'SP' })] })).toBe('fora-do-horario');
    expect(lawfulDiallingRefusal({ ...late, window: { ...DEFAULT_WINDOW, alwaysOpen: true } })).toBeNull();
  });

  it('follows national holidays (Christmas) and weekends', () => {
    expect(lawfulDiallingRefusal(facts({ now: new Date('2026-12-25T13:00:00Z') }))).toBe('fora-do-horario');
    expect(lawfulDiallingRefusal(facts({ now: new Date('2026-11-28T13:00:00Z') }))).toBe('fora-do-horario');
  });
});

describe('calledClient and callerIdFor', () => {
  const held = client({ id: 7, heldCampaign: 3, heldCampaignNumber: '1140044004' });

  it('records the client the attendant holds among those with the number, else the only one', () => {
    expect(calledClient([client({ id: 5 }), held])).toBe(held);
    expect(calledClient([client({ id: 5 })])?.id).toBe(5);
    expect(calledClient([client({ id: 5 }), client({ id: 6 })])).toBeNull();
    expect(calledClient([])).toBeNull();
  });

  it("shows the campaign's number, else the company's main number, else SIP_CALLER_ID, else none", () => {
    expect(callerIdFor(held, '1130030303', '03031234567')).toBe('1140044004');
    expect(callerIdFor(client(), '1130030303', '03031234567')).toBe('1130030303');
    expect(callerIdFor(null, null, '03031234567')).toBe('03031234567');
    expect(callerIdFor(null, null, undefined)).toBe('');
  });
});

describe("Kamailio's wire", () => {
  it('answers chave=valor;chave=valor, empty values included', () => {
    expect(kamailioAnswer({ decisao: 'permitir', tipo: 'saida', ligacao: 42, identificador: '' })).toBe(
      'decisao=permitir;tipo=saida;ligacao=42;identificador=',
    );
    expect(kamailioAnswer({ decisao: 'encaminhar', ramais: '1001.1002', cliente: null })).toBe(
      'decisao=encaminhar;ramais=1001.1002;cliente=',
    );
  });

  it('refuses to write a value that would break the reading', () => {
    for (const value of ['a;b', 'a=b', 'a b', 'ação']) expect(() => kamailioAnswer({ motivo: value })).toThrow(/motivo/);
  });

  it("reads Kamailio's seconds.microseconds to the microsecond", () => {
    expect(kamailioInstant('1764190000.123456')).toBe('2025-11-26T20:46:40.123456Z');
    expect(kamailioInstant('1764190000.5')).toBe('2025-11-26T20:46:40.500000Z');
    expect(kamailioInstant('1764190000')).toBe('2025-11-26T20:46:40.000000Z');
    expect(() => kamailioInstant('agora')).toThrow();
  });
});

describe('callResultText (DE_Resultado)', () => {
  const closed = { situation: 'encerrada' as const, refusal: null, sip: null, answered: false };
  it('words each ending for the lists', () => {
    expect(callResultText({ ...closed, closure: 'chamado', sip: 200, answered: true })).toBe('Atendida');
    expect(callResultText({ ...closed, closure: 'falhou', sip: 486 })).toBe('Ocupado');
    expect(callResultText({ ...closed, closure: 'falhou', sip: 480 })).toBe('Não atendida');
    expect(callResultText({ ...closed, closure: 'falhou', sip: 487 })).toBe('Cancelada');
    expect(callResultText({ ...closed, closure: 'falhou', sip: 500 })).toBe('Não completada (SIP 500)');
    expect(callResultText({ ...closed, closure: 'varredura' })).toBe('Encerrada pela varredura');
    expect(callResultText({ ...closed, closure: 'recusada', refusal: 'nao-perturbe', sip: 403 })).toBe('Recusada: Não Me Perturbe');
    expect(callResultText({ ...closed, closure: 'recusada', refusal: 'fora-do-horario', sip: 403 })).toBe(
      'Recusada: fora do horário permitido',
    );
    expect(callResultText({ ...closed, closure: 'recusada', refusal: 'inss-180-dias', sip: 403 })).toBe(
      'Recusada: cliente INSS nos 180 dias após a concessão',
    );
    expect(callResultText({ ...closed, closure: 'recusada', refusal: 'nao-ligar', sip: 403 })).toBe(
      'Recusada: cliente pediu para não ser chamado',
    );
    expect(callResultText({ ...closed, situation: 'tocando', closure: null })).toBe('Chamando');
    expect(callResultText({ ...closed, situation: 'em_curso', closure: null, answered: true })).toBe('Em andamento');
  });
});
