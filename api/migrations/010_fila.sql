-- 010: the attendant's working day: the campaign queue, call outcomes, the suppression list
-- ("Não Me Perturbe"), the calling window and the attendance history. Rules and sources: docs/rules.md
-- "Campaign queue" and "Who may be called now".

-- Do-not-call (outcome 302 'Falecido'): the client is never handed out again by any campaign of the
-- company, including campaigns that import the same CPF later (the flag lives on the client, which an
-- import finds by CPF).
alter table cliente add column ts_nao_ligar timestamptz;

-- One row per client per campaign: the queue is data, not derived on the fly.
--   co_estado  'aguardando'      waiting: new, a retry or a callback (co_tipo), due from ts_disponivel
--              'em_atendimento'  claimed by id_atendente until ts_lease (then it returns to the queue)
--              'concluido'       an outcome closed it (303, 304, 306, or 301 after the last attempt)
--              'nao_ligar'       the client is do-not-call (302)
--   co_tipo    'novo' | 'nova_tentativa' (301) | 'retorno' (305, first offered to id_atendente)
create table fila (
  id_fila integer generated always as identity primary key,
  id_empresa integer not null,
  id_campanha integer not null,
  id_cliente integer not null,
  co_estado text not null default 'aguardando'
    check (co_estado in ('aguardando', 'em_atendimento', 'concluido', 'nao_ligar')),
  co_tipo text not null default 'novo' check (co_tipo in ('novo', 'nova_tentativa', 'retorno')),
  nu_tentativas integer not null default 0 check (nu_tentativas >= 0),
  ts_disponivel timestamptz not null default now(), -- due from (creation time for new rows: oldest first)
  id_atendente integer, -- holder while claimed; owner of a callback
  ts_lease timestamptz, -- end of the claim
  id_resultado integer, -- the last outcome (301–306)
  ts_resultado timestamptz,
  ts_criacao timestamptz not null default now(),
  unique (id_campanha, id_cliente),
  foreign key (id_empresa, id_campanha) references campanha (id_empresa, id_campanha) on delete cascade,
  foreign key (id_empresa, id_cliente) references cliente (id_empresa, id_cliente) on delete cascade,
  foreign key (id_empresa, id_atendente) references pessoa (id_empresa, id_pessoa),
  check (co_estado <> 'em_atendimento' or (id_atendente is not null and ts_lease is not null))
);
-- What GET /crm/cliente/proximo walks, each in due order so a claim stops at the first callable row
-- instead of sorting the whole queue (src/queue/queue.repository.ts, `claimNext`): callbacks by owner,
-- the other due rows (retries, callbacks), and the big one, new clients oldest first.
create index fila_retornos on fila (id_empresa, id_atendente, ts_disponivel) where co_estado = 'aguardando' and co_tipo = 'retorno';
create index fila_espera on fila (id_empresa, ts_disponivel, id_fila) where co_estado = 'aguardando' and co_tipo <> 'novo';
create index fila_novos on fila (id_empresa, ts_disponivel, id_fila) where co_estado = 'aguardando' and co_tipo = 'novo';
-- The progress counts of one campaign.
create index fila_campanha on fila (id_campanha, co_estado);
-- The invariants the claim relies on, enforced by the database itself: an attendant holds at most one
-- client, and a client (in however many campaigns) is held by at most one attendant.
create unique index fila_um_por_atendente on fila (id_empresa, id_atendente) where co_estado = 'em_atendimento';
create unique index fila_um_por_cliente on fila (id_empresa, id_cliente) where co_estado = 'em_atendimento';

-- The company's suppression list: numbers (DDD + number, 10 or 11 digits) that must not be called,
-- from "Não Me Perturbe", state lists such as São Paulo's "Não Me Ligue", or the client's own request.
create table nao_perturbe (
  id_empresa integer not null references empresa,
  co_telefone text not null check (co_telefone ~ '^[0-9]{10,11}$'),
  de_origem text not null default 'manual',
  ts_criacao timestamptz not null default now(),
  primary key (id_empresa, co_telefone)
);

-- When the company calls (client's local time). Defaults: Mon–Fri 08:00–18:00, no national holidays.
-- sn_sempre_aberta opens it at any hour (the demo company, so the product can be tried at night);
-- per-state rules stricter than this are data in src/queue/callingRules.ts.
create table janela_ligacao (
  id_empresa integer primary key references empresa,
  nu_dias_semana smallint[] not null default '{1,2,3,4,5}', -- ISO weekdays, 1 Monday … 7 Sunday
  hr_inicio time not null default '08:00',
  hr_fim time not null default '18:00',
  sn_feriados smallint not null default 0 check (sn_feriados in (0, 1)), -- 1: also calls on national holidays
  sn_sempre_aberta smallint not null default 0 check (sn_sempre_aberta in (0, 1)),
  check (hr_inicio < hr_fim)
);

-- Every call outcome and pause, with its time and attendant, so reports can count them.
create table historico_atendimento (
  id_historico integer generated always as identity primary key,
  id_empresa integer not null,
  id_atendente integer not null,
  id_status integer not null, -- 301–306 (outcome) or 202–206 / 81 (pause, back to available)
  id_cliente integer,
  id_campanha integer,
  ts_registro timestamptz not null default now(),
  foreign key (id_empresa, id_atendente) references pessoa (id_empresa, id_pessoa),
  foreign key (id_empresa, id_cliente) references cliente (id_empresa, id_cliente) on delete cascade,
  foreign key (id_empresa, id_campanha) references campanha (id_empresa, id_campanha) on delete set null (id_campanha)
);
create index historico_atendente on historico_atendimento (id_empresa, id_atendente, ts_registro);
