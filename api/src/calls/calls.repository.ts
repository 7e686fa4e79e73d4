/**
 * Call records (table ligacao, migration 015) of one company: what Kamailio's decisions read and write, its
 * events, and the users' lists. Bound to one company like every repository (src/attendant/attendant.repository.ts);
 * the company is found by kamailio.repository.ts for Kamailio's requests, from the session for users'.
 * Instants are passed in (Kamailio's clock for events, the app's otherwise), never `now()`.
 */
import { ATTENDANT_STATUS, CLIENT_CALLS_LIMIT, ROLE, type Call } from '@consig/shared/contracts';
import type { CompanyScope } from '../auth/scope';
import { saoPauloInstant } from '../db/saoPauloTime';
import { callableConditions, WINDOW_JSON, windowOf, type WindowRow } from '../queue/queue.repository';
import { callResultText, type CallOutcome } from './callResult';
import type { NumberClient } from './edgeDecision';

export type Direction = 'saida' | 'entrada' | 'interna';

/** What a call record says about the decision taken when it was created (to answer a re-sent request alike). */
export interface StoredCall {
  id: number;
  direction: Direction;
  situation: CallOutcome['situation'];
  closure: CallOutcome['closure'];
  refusal: string | null;
  sip: number | null;
  callerId: string | null;
  clientId: number | null;
}

const STORED_COLUMNS: Record<keyof StoredCall, string> = {
  id: 'id_ligacao',
  direction: 'co_direcao',
  situation: 'co_situacao',
  closure: 'co_encerramento',
  refusal: 'co_recusa',
  sip: 'co_sip',
  callerId: 'nu_identificador',
  clientId: 'id_cliente',
};
const STORED_SELECT = Object.entries(STORED_COLUMNS)
  .map(([key, column]) => `l.${column} as "${key}"`)
  .join(', ');
const STORED_JSON = `json_build_object(${Object.entries(STORED_COLUMNS)
  .map(([key, column]) => `'${key}', l.${column}`)
  .join(', ')})`;

/** A new call record. A refused one is born closed ('recusada'), ended at its start. */
export interface NewCall {
  callId: string;
  direction: Direction;
  attendantId: number | null;
  extension: string | null;
  clientId: number | null;
  campaignId: number | null;
  origin: string;
  destination: string;
  callerId: string | null;
  at: Date;
  refused?: { reason: string; sip: number };
}

/** A phone number split as table telefone keeps it; a non-geographic number (0800…) matches no client. */
const phoneParts = (number: string | null) =>
  number && number.length >= 10 && !number.startsWith('0') ? [number.slice(0, 2), number.slice(2)] : [null, null];

/**
 * The attendant a client already deals with (docs/rules.md "Calls"): whoever holds it from the queue now, else
 * the attendant of its latest call. `$1` is the company; `clients` an SQL int[] expression.
 */
const clientAttendantSql = (clients: string) => `coalesce(
  (select f.id_atendente from fila f
    where f.id_empresa = $1 and f.id_cliente = any(${clients}) and f.co_estado = 'em_atendimento' limit 1),
  (select l.id_atendente from ligacao l
    where l.id_empresa = $1 and l.id_cliente = any(${clients}) and l.id_atendente is not null
    order by l.ts_inicio desc limit 1))`;

/**
 * The company's active attendants with telephony and an extension (`$1` the company), each with `free`
 * (available now: status 81 and no call of theirs still open), `idle_since` and `never_called`.
 * LONGEST_IDLE_FIRST puts those never called first, then the others by the later of their latest call's end
 * and their latest status change (coming back from a pause ends idleness as much as a call does).
 */
const ATTENDANTS_SQL = `select p.id_pessoa, p.nu_ramal,
         p.id_status = ${ATTENDANT_STATUS.AVAILABLE}
           and not exists (select 1 from ligacao o where o.id_empresa = p.id_empresa and o.id_atendente = p.id_pessoa
                                                     and o.co_situacao <> 'encerrada') as free,
         greatest((select l.ts_fim from ligacao l where l.id_empresa = p.id_empresa and l.id_atendente = p.id_pessoa
                    order by l.ts_inicio desc limit 1), p.ts_status) as idle_since,
         not exists (select 1 from ligacao l where l.id_empresa = p.id_empresa and l.id_atendente = p.id_pessoa) as never_called
    from pessoa p
   where p.id_empresa = $1 and p.sn_ativo = 1 and p.sn_telefonia = 1 and p.nu_ramal is not null
     and p.id_funcao = ${ROLE.ATENDENTE}`;
const LONGEST_IDLE_FIRST = 'never_called desc, idle_since, id_pessoa';

/** At most this many extensions go back to Kamailio for an inbound call (it rings the first one registered). */
export const INBOUND_CANDIDATES = 20;

/** The columns of a list row, from `ligacao l` (with `a` the attendant, `c` the client; $2 the app's now). */
const LIST_COLUMNS = `l.id_ligacao as "ID_Ligacao", l.co_direcao as "TP_Direcao", l.id_atendente as "ID_Atendente",
  a.de_pessoa as "NM_Atendente", l.nu_ramal as "NU_Ramal", l.id_cliente as "ID_Cliente", c.de_pessoa as "NM_Cliente",
  l.id_campanha as "ID_Campanha", l.nu_origem as "NU_Origem", l.nu_destino as "NU_Destino",
  ${saoPauloInstant('l.ts_inicio')} as "DT_Inicio", ${saoPauloInstant('l.ts_atendimento')} as "DT_Atendimento",
  ${saoPauloInstant('l.ts_fim')} as "DT_Fim",
  greatest(0, floor(extract(epoch from coalesce(l.ts_atendimento, l.ts_fim, $2::timestamptz) - l.ts_inicio)))::int as "NU_SegundosToque",
  case when l.ts_atendimento is null then 0
       else greatest(0, floor(extract(epoch from coalesce(l.ts_fim, $2::timestamptz) - l.ts_atendimento)))::int end as "NU_SegundosConversa",
  l.co_sip as "CO_SIP", l.co_encerramento as "TP_Encerramento", l.co_gravacao as "TP_Gravacao",
  l.co_situacao as situation, l.co_recusa as refusal, l.ts_atendimento is not null as answered`;
const LIST_FROM = `from ligacao l
  left join pessoa a on a.id_empresa = l.id_empresa and a.id_pessoa = l.id_atendente
  left join cliente c on c.id_empresa = l.id_empresa and c.id_cliente = l.id_cliente`;
type ListRow = Omit<Call, 'DE_Resultado'> & Pick<CallOutcome, 'situation' | 'refusal' | 'answered'>;
const toCall = ({ situation, refusal, answered, ...row }: ListRow): Call => ({
  ...row,
  DE_Resultado: callResultText({ situation, refusal, answered, closure: row.TP_Encerramento, sip: row.CO_SIP }),
});

export function createCallsRepository({ db, companyId }: CompanyScope) {
  async function stored(callId: string): Promise<StoredCall | undefined> {
    const [row] = await db.query<StoredCall>(`select ${STORED_SELECT} from ligacao l where l.id_empresa = $1 and l.co_sip_call_id = $2`, [
      companyId,
      callId,
    ]);
    return row;
  }

  return {
    /**
     * Everything the edge decision of an outbound call needs, in one statement (Kamailio waits on it): the
     * record already made for this Call-ID (a re-sent INVITE), the calling window, whether the number is
     * suppressed, the company's main number, and the clients with the number, each with its do-not-call flag,
     * the queue's 180-day ban condition, and the campaign (and its number) the caller holds it from.
     */
    async outboundFacts(callId: string, number: string, callerPersonId: number, banCutoff: string) {
      const [ddd, phone] = phoneParts(number);
      const [row] = await db.query<{
        stored: StoredCall | null;
        window: WindowRow | null;
        suppressed: boolean;
        mainNumber: string | null;
        clients: NumberClient[];
      }>(
        `select (select ${STORED_JSON} from ligacao l where l.id_empresa = $1 and l.co_sip_call_id = $2) as stored,
                (select ${WINDOW_JSON} from janela_ligacao j where j.id_empresa = $1) as window,
                exists (select 1 from nao_perturbe n where n.id_empresa = $1 and n.co_telefone = $3) as suppressed,
                (select m.nu_numero from numero_empresa m where m.id_empresa = $1 and m.sn_principal = 1) as "mainNumber",
                coalesce((
                  select json_agg(json_build_object('id', c.id_cliente, 'state', c.sg_estado, 'doNotCall', c.ts_nao_ligar is not null,
                                                    'banned', ${callableConditions('', '$7').banned},
                                                    'heldCampaign', h.id_campanha, 'heldCampaignNumber', h.nu_numero) order by c.id_cliente)
                    from telefone t
                    join cliente c on c.id_empresa = t.id_empresa and c.id_cliente = t.id_cliente
                    left join lateral (
                      select f.id_campanha, s.nu_numero
                        from fila f
                        join campanha k on k.id_empresa = f.id_empresa and k.id_campanha = f.id_campanha
                        left join numero_empresa s on s.id_empresa = k.id_empresa and s.id_numero = k.id_numero_saida
                       where f.id_empresa = c.id_empresa and f.id_cliente = c.id_cliente
                         and f.co_estado = 'em_atendimento' and f.id_atendente = $6) h on true
                   where t.id_empresa = $1 and t.co_ddd = $4 and t.co_telefone = $5), '[]') as clients`,
        [companyId, callId, number, ddd, phone, callerPersonId, banCutoff],
        { prepare: 'ligacao_saida' },
      );
      return {
        stored: row.stored,
        window: windowOf(row.window),
        suppressed: row.suppressed,
        mainNumber: row.mainNumber,
        clients: row.clients,
      };
    },

    /**
     * What routing an inbound call needs, in one statement: the record already made for this Call-ID, the
     * clients with the calling number, and the extensions to ring in order: the attendant the client already
     * deals with (if free), then every other free attendant, longest idle first.
     */
    async inboundFacts(callId: string, origin: string | null) {
      const [ddd, phone] = phoneParts(origin);
      const [row] = await db.query<{ stored: StoredCall | null; clients: number[]; extensions: string[] }>(
        `with matched as (select array(select t.id_cliente from telefone t
                                        where t.id_empresa = $1 and t.co_ddd = $3 and t.co_telefone = $4
                                        order by t.id_cliente) as ids),
              preferred as (select ${clientAttendantSql('(select ids from matched)::int[]')} as id_pessoa),
              attendants as (${ATTENDANTS_SQL})
         select (select ${STORED_JSON} from ligacao l where l.id_empresa = $1 and l.co_sip_call_id = $2) as stored,
                (select ids from matched) as clients,
                array(select a.nu_ramal from attendants a where a.free
                       order by coalesce(a.id_pessoa = (select id_pessoa from preferred), false) desc, ${LONGEST_IDLE_FIRST}
                       limit ${INBOUND_CANDIDATES}) as extensions`,
        [companyId, callId, ddd, phone],
        { prepare: 'ligacao_entrada' },
      );
      return { stored: row.stored, clients: row.clients.map(Number), extensions: row.extensions };
    },

    /**
     * Records a new call, once per SIP Call-ID: a re-sent request (a retransmission, the INVITE again after
     * the 407 challenge) finds the record the first one made and gets the same answer. Undefined when the
     * Call-ID is another company's (it does not exist for this one).
     */
    async open(call: NewCall): Promise<StoredCall | undefined> {
      const at = call.at.toISOString();
      const [created] = await db.query<StoredCall>(
        `insert into ligacao as l (id_empresa, co_sip_call_id, co_direcao, id_atendente, nu_ramal, id_cliente, id_campanha,
                                nu_origem, nu_destino, nu_identificador, ts_inicio, co_situacao, co_encerramento, co_recusa,
                                co_sip, ts_fim, co_gravacao)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11,
                 case when $12::text is null then 'tocando' else 'encerrada' end,
                 case when $12::text is null then null else 'recusada' end, $12, $13,
                 case when $12::text is null then null else $11::timestamptz end,
                 case when $12::text is null then null else 'nao_gravada' end)
         on conflict (co_sip_call_id) do nothing
         returning ${STORED_SELECT}`,
        [
          companyId,
          call.callId,
          call.direction,
          call.attendantId,
          call.extension,
          call.clientId,
          call.campaignId,
          call.origin,
          call.destination,
          call.callerId,
          at,
          call.refused?.reason ?? null,
          call.refused?.sip ?? null,
        ],
        { prepare: 'ligacao_nova' },
      );
      return created ?? (await stored(call.callId));
    },

    /**
     * Answered at `instant` (Kamailio's clock, never before the start). An inbound call takes the attendant
     * whose extension answered. Only a ringing call: a re-sent or late event changes nothing.
     */
    /**
     * An inbound call rings `extension` (Kamailio chose the first registered of the API's list): that attendant
     * is no longer free, so the next call from the phone network rings someone else.
     */
    async ringing(callId: number, extension: string): Promise<boolean> {
      const rows = await db.query(
        `update ligacao l set id_atendente = p.id_pessoa, nu_ramal = p.nu_ramal
           from pessoa p
          where l.id_empresa = $1 and l.id_ligacao = $2 and l.co_direcao = 'entrada' and l.co_situacao = 'tocando'
            and p.id_empresa = $1 and p.nu_ramal = $3
        returning l.id_ligacao`,
        [companyId, callId, extension],
      );
      return rows.length > 0;
    },

    async answered(callId: number, instant: string, extension: string | null): Promise<boolean> {
      const rows = await db.query(
        `update ligacao l set co_situacao = 'em_curso', ts_atendimento = greatest($3::timestamptz, l.ts_inicio), co_sip = 200,
                              co_gravacao = 'pendente',
                              id_atendente = coalesce(case when l.co_direcao = 'entrada' then w.id_pessoa end, l.id_atendente),
                              nu_ramal = coalesce(case when l.co_direcao = 'entrada' then w.nu_ramal end, l.nu_ramal)
           from (select max(p.id_pessoa) as id_pessoa, max(p.nu_ramal) as nu_ramal
                   from pessoa p where p.id_empresa = $1 and p.nu_ramal = $4) w
          where l.id_empresa = $1 and l.id_ligacao = $2 and l.co_situacao = 'tocando'
        returning l.id_ligacao`,
        [companyId, callId, instant, extension],
      );
      return rows.length > 0;
    },

    /**
     * Ended by a BYE from `who` at `instant`. Never reopens or re-closes a closed call. Answers whether it closed
     * the call now and its recording is awaited.
     */
    async ended(callId: number, instant: string, who: 'chamador' | 'chamado'): Promise<{ closed: boolean; recorded: boolean }> {
      const [row] = await db.query<{ recorded: boolean }>(
        `update ligacao set co_situacao = 'encerrada', co_encerramento = $4,
                            ts_fim = greatest($3::timestamptz, coalesce(ts_atendimento, ts_inicio)),
                            co_gravacao = case when ts_atendimento is null then 'nao_gravada' else co_gravacao end
          where id_empresa = $1 and id_ligacao = $2 and co_situacao <> 'encerrada'
        returning co_gravacao = 'pendente' as recorded`,
        [companyId, callId, instant, who],
      );
      return { closed: row !== undefined, recorded: row?.recorded ?? false };
    },

    /**
     * Failed with SIP `code` at `instant` (busy, no answer, cancelled, nobody registered...). Answers what the
     * missed-call rule needs when it closed the call now; undefined when it was already closed.
     */
    async failed(
      callId: number,
      instant: string,
      code: number,
    ): Promise<{ direction: Direction; clientId: number | null; answered: boolean } | undefined> {
      const [row] = await db.query<{ direction: Direction; clientId: number | null; answered: boolean }>(
        `update ligacao set co_situacao = 'encerrada', co_encerramento = 'falhou', co_sip = $4,
                            ts_fim = greatest($3::timestamptz, coalesce(ts_atendimento, ts_inicio)),
                            co_gravacao = case when ts_atendimento is null then 'nao_gravada' else co_gravacao end
          where id_empresa = $1 and id_ligacao = $2 and co_situacao <> 'encerrada'
        returning co_direcao as direction, id_cliente as "clientId", ts_atendimento is not null as answered`,
        [companyId, callId, instant, code],
      );
      return row;
    },

    /** The attendant the client already deals with (holder in the queue, else the one of its latest call). */
    async clientAttendant(clientId: number): Promise<number | null> {
      const [row] = await db.query<{ id: number | null }>(`select ${clientAttendantSql('array[$2::int]')} as id`, [companyId, clientId]);
      return row.id;
    },

    /** The company's attendant with telephony idle the longest, whatever their status (a missed call's lead). */
    async longestIdleAttendant(): Promise<number | null> {
      const [row] = await db.query<{ id: number }>(
        `select id_pessoa as id from (${ATTENDANTS_SQL}) a order by ${LONGEST_IDLE_FIRST} limit 1`,
        [companyId],
      );
      return row?.id ?? null;
    },

    /** What a missed call's lead needs to know of the client: its agency, do-not-call, and a lead still new. */
    async leadFacts(clientId: number): Promise<{ agency: number | null; doNotCall: boolean; newLead: boolean } | undefined> {
      const [row] = await db.query<{ agency: number | null; doNotCall: boolean; newLead: boolean }>(
        `select c.id_orgao as agency, c.ts_nao_ligar is not null as "doNotCall",
                exists (select 1 from lead l where l.id_empresa = c.id_empresa and l.id_cliente = c.id_cliente and l.id_status = 1) as "newLead"
           from cliente c where c.id_empresa = $1 and c.id_cliente = $2`,
        [companyId, clientId],
      );
      return row;
    },

    /** Whether the person exists for this company. */
    async personExists(personId: number): Promise<boolean> {
      const rows = await db.query('select 1 from pessoa where id_empresa = $1 and id_pessoa = $2', [companyId, personId]);
      return rows.length > 0;
    },

    /** The client's calls, newest first, at most CLIENT_CALLS_LIMIT; running durations measured to `now`. */
    async ofClient(clientId: number, now: Date): Promise<Call[]> {
      const rows = await db.query<ListRow>(
        `select ${LIST_COLUMNS} ${LIST_FROM}
          where l.id_empresa = $1 and l.id_cliente = $3
          order by l.ts_inicio desc, l.id_ligacao desc
          limit ${CLIENT_CALLS_LIMIT}`,
        [companyId, now.toISOString(), clientId],
      );
      return rows.map(toCall);
    },

    /** One person's calls of one São Paulo calendar day ('YYYY-MM-DD'), newest first. */
    async ofAttendantOn(personId: number, day: string, now: Date): Promise<Call[]> {
      const rows = await db.query<ListRow>(
        `select ${LIST_COLUMNS} ${LIST_FROM}
          where l.id_empresa = $1 and l.id_atendente = $3
            and l.ts_inicio >= $4::date::timestamp at time zone 'America/Sao_Paulo'
            and l.ts_inicio < ($4::date + 1)::timestamp at time zone 'America/Sao_Paulo'
          order by l.ts_inicio desc, l.id_ligacao desc`,
        [companyId, now.toISOString(), personId, day],
      );
      return rows.map(toCall);
    },
  };
}
