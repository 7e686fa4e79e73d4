/**
 * SQL of call recordings (table ligacao's co_gravacao / de_gravacao / nu_bytes_gravacao / nu_segundos_gravacao,
 * table ligacao_acesso_gravacao; migration 015). Bound to one company like every repository
 * (src/attendant/attendant.repository.ts); instants come from the caller (the app's clock), never `now()`.
 */
import type { CompanyScope } from '../auth/scope';
import type { Db } from '../db';

/** ligacao.co_gravacao */
export type RecordingState = 'pendente' | 'gravada' | 'falhou' | 'nao_gravada' | 'expirada';

/** What the recording job needs of a call. */
export interface CallToRecord {
  id: number;
  sipCallId: string;
  state: RecordingState | null;
  /** The São Paulo calendar day the call started (the storage key's folder). */
  day: string;
  /** Whether the call ended before the instant asked about (false while it has not ended). */
  endedBefore: boolean;
}

/** What playback needs of a call. */
export interface RecordedCall {
  id: number;
  attendantId: number | null;
  state: RecordingState | null;
  key: string | null;
  day: string;
}

export type AccessAction = 'ouvir' | 'baixar';

const SAO_PAULO_DAY = "to_char(ts_inicio at time zone 'America/Sao_Paulo', 'YYYY-MM-DD')";

export function createRecordingsRepository({ db, companyId }: CompanyScope) {
  return {
    /** The call, and whether it ended before `instant`; undefined when it is not this company's. */
    async toRecord(callId: number, instant: Date): Promise<CallToRecord | undefined> {
      const [row] = await db.query<CallToRecord>(
        `select id_ligacao as id, co_sip_call_id as "sipCallId", co_gravacao as state, ${SAO_PAULO_DAY} as day,
                coalesce(ts_fim < $3::timestamptz, false) as "endedBefore"
           from ligacao where id_empresa = $1 and id_ligacao = $2`,
        [companyId, callId, instant.toISOString()],
      );
      return row;
    },

    /** The stored file, in one statement; only a call still waiting for it (a second run changes nothing). */
    async recorded(callId: number, file: { key: string; bytes: number; seconds: number }): Promise<boolean> {
      const rows = await db.query(
        `update ligacao set co_gravacao = 'gravada', de_gravacao = $3, nu_bytes_gravacao = $4, nu_segundos_gravacao = round($5::numeric, 3)
          where id_empresa = $1 and id_ligacao = $2 and co_gravacao = 'pendente'
         returning id_ligacao`,
        [companyId, callId, file.key, file.bytes, file.seconds],
      );
      return rows.length > 0;
    },

    /** No recording will come for this call (rtpengine never finished one, or it could not be converted). */
    async failed(callId: number): Promise<boolean> {
      const rows = await db.query(
        `update ligacao set co_gravacao = 'falhou' where id_empresa = $1 and id_ligacao = $2 and co_gravacao = 'pendente' returning id_ligacao`,
        [companyId, callId],
      );
      return rows.length > 0;
    },

    /** The call as playback checks it; undefined when it is not this company's. */
    async forPlayback(callId: number): Promise<RecordedCall | undefined> {
      const [row] = await db.query<RecordedCall>(
        `select id_ligacao as id, id_atendente as "attendantId", co_gravacao as state, de_gravacao as key, ${SAO_PAULO_DAY} as day
           from ligacao where id_empresa = $1 and id_ligacao = $2`,
        [companyId, callId],
      );
      return row;
    },

    /** Who listened to or downloaded which recording, when (docs/rules.md "Call recordings"). */
    async logAccess(callId: number, personId: number, action: AccessAction, at: Date): Promise<void> {
      await db.query(
        `insert into ligacao_acesso_gravacao (id_empresa, id_ligacao, id_pessoa, co_acao, ts_acesso) values ($1, $2, $3, $4, $5)`,
        [companyId, callId, personId, action, at.toISOString()],
      );
    },

    /** Up to `limit` stored recordings of calls started before `before`, oldest first. */
    async storedBefore(before: Date, limit: number): Promise<{ id: number; key: string }[]> {
      return db.query(
        `select id_ligacao as id, de_gravacao as key from ligacao
          where id_empresa = $1 and de_gravacao is not null and ts_inicio < $2::timestamptz
          order by ts_inicio limit $3`,
        [companyId, before.toISOString(), limit],
      );
    },

    /** Its file is deleted: the link goes too. Only while it still names that file. */
    async expired(callId: number, key: string): Promise<void> {
      await db.query(
        `update ligacao set de_gravacao = null, co_gravacao = 'expirada' where id_empresa = $1 and id_ligacao = $2 and de_gravacao = $3`,
        [companyId, callId, key],
      );
    },
  };
}

/**
 * Each company's retention (empresa.nu_dias_gravacao): the purge's one read across companies, which then works
 * through a repository bound to each.
 */
export function recordingRetentions(db: Db): Promise<{ companyId: number; days: number }[]> {
  return db.query('select id_empresa as "companyId", nu_dias_gravacao as days from empresa order by id_empresa');
}
