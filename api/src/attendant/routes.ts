import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ATTENDANT_STATUS,
  ROLE,
  attendantStatusResponse,
  atendentesResponse,
  leadsResponse,
  ramalResponse,
  tabularRequest,
  type AttendantStatusResponse,
  type Lead,
  type Pessoa,
} from '@consig/shared/contracts';
import type { Db } from '../db';
import { ApiError, TEXT } from '../http/errors';
import { ephemeralCredentials } from './sip';

const tags = ['Atendente'];

type StatusRow = { ID_Status: number; ID_MotivoPausa: number | null; DE_MotivoPausa: string | null };

async function statusOf(db: Db, pessoa: Pessoa): Promise<StatusRow> {
  const [row] = await db.query<StatusRow>(
    `select p.id_status as "ID_Status", p.id_motivo_pausa as "ID_MotivoPausa", m.de_motivo_pausa as "DE_MotivoPausa"
       from pessoa p left join motivo_pausa m on m.id_motivo_pausa = p.id_motivo_pausa
      where p.id_pessoa = $1 and p.id_empresa = $2`,
    [pessoa.ID_Pessoa, pessoa.ID_Empresa],
  );
  // A valid token of a person removed since: the session is no longer valid.
  if (!row) throw new ApiError(401, TEXT.unauthorized);
  return row;
}

function statusAnswer(row: StatusRow): AttendantStatusResponse {
  const text = row.DE_MotivoPausa ? `Pausa registrada: ${row.DE_MotivoPausa}.` : 'Você está disponível.';
  return { success: true, text, ID_Status: row.ID_Status, ID_MotivoPausa: row.ID_MotivoPausa };
}

export const attendantRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/atendente/ramal',
    {
      schema: {
        tags,
        summary: 'Credenciais SIP efêmeras do ramal do usuário (Kamailio auth_ephemeral). Note a grafia `sucess`.',
        response: { 200: ramalResponse },
      },
    },
    async (request) => {
      const [row] = await app.db.query<{ nu_ramal: string | null; sn_telefonia: number }>(
        'select nu_ramal, sn_telefonia from pessoa where id_pessoa = $1 and id_empresa = $2',
        [request.pessoa.ID_Pessoa, request.pessoa.ID_Empresa],
      );
      if (!row || row.sn_telefonia !== 1 || !row.nu_ramal) {
        return { sucess: false, text: 'Usuário não tem ramal.', data: null };
      }
      return { sucess: true, text: 'Ramal encontrado.', data: ephemeralCredentials(row.nu_ramal, app.config.sip) };
    },
  );

  app.get(
    '/atendente',
    { schema: { tags, summary: 'Atendentes da empresa do usuário, por nome.', response: { 200: atendentesResponse } } },
    async (request) => {
      const data = await app.db.query<{ AtendenteID: number; DE_Pessoa: string }>(
        `select id_pessoa as "AtendenteID", de_pessoa as "DE_Pessoa"
           from pessoa where id_empresa = $1 and id_funcao = $2
          order by de_pessoa, id_pessoa`,
        [request.pessoa.ID_Empresa, ROLE.ATENDENTE],
      );
      return { success: true, text: `${data.length} atendente(s).`, data };
    },
  );

  app.get(
    '/atendente/status',
    {
      schema: {
        tags,
        summary: 'Situação do usuário: 81 disponível ou 201 em pausa (com o motivo).',
        response: { 200: attendantStatusResponse },
      },
    },
    async (request) => statusAnswer(await statusOf(app.db, request.pessoa)),
  );

  app.put(
    '/atendente/tabular',
    {
      schema: {
        tags,
        summary: 'Pausar (202 a 206: motivo) ou voltar a ficar disponível (81).',
        body: tabularRequest,
        response: { 200: attendantStatusResponse },
      },
    },
    async (request) => {
      const reason = request.body.ID_Status;
      const available = reason === ATTENDANT_STATUS.AVAILABLE;
      await app.db.query(
        `update pessoa set id_status = $1, id_motivo_pausa = $2, ts_status = now()
          where id_pessoa = $3 and id_empresa = $4`,
        [available ? ATTENDANT_STATUS.AVAILABLE : ATTENDANT_STATUS.PAUSED, available ? null : reason, request.pessoa.ID_Pessoa, request.pessoa.ID_Empresa],
      );
      return statusAnswer(await statusOf(app.db, request.pessoa));
    },
  );

  app.get(
    '/atendente/lead',
    {
      schema: {
        tags,
        summary: 'Leads: os do próprio atendente; supervisores e gerentes veem os da empresa toda.',
        response: { 200: leadsResponse },
      },
    },
    async (request) => {
      const { ID_Empresa, ID_Funcao, ID_Pessoa } = request.pessoa;
      const data = await app.db.query<Lead>(
        `select l.id_cliente as "ID_Cliente", c.de_pessoa as "DE_Pessoa", t.de_tipo_credito as "DE_Tipo",
                s.de_status as "DE_Status", a.de_pessoa as "DE_Atendente", i.de_indicador as "DE_Indicacao"
           from lead l
           join cliente c on c.id_empresa = l.id_empresa and c.id_cliente = l.id_cliente
           join pessoa a on a.id_empresa = l.id_empresa and a.id_pessoa = l.id_atendente
           join tipo_credito t on t.id_tipo_credito = l.id_tipo_credito
           join status_lead s on s.id_status = l.id_status
           left join indicador i on i.id_empresa = c.id_empresa and i.id_indicador = c.id_indicador
          where l.id_empresa = $1 and ($2::int is null or l.id_atendente = $2)
          order by l.ts_criacao desc, l.id_lead desc`,
        [ID_Empresa, ID_Funcao === ROLE.ATENDENTE ? ID_Pessoa : null],
      );
      return { success: true, text: data.length ? `${data.length} lead(s).` : 'Sem leads no momento.', data };
    },
  );
};
