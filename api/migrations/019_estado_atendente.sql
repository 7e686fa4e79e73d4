-- 019: the supervisor's floor. Each attendant's state as the server derives it (src/floor/attendantState.ts),
-- its history (reports: logged-in, paused and after-call time), the realtime presence every API instance
-- keeps, the company's after-call work limit, and the supervisors' actions in the audit (docs/rules.md
-- "Attendant state").

-- After-call work longer than this (seconds) is flagged on the live board.
alter table empresa add column nu_limite_pos_atendimento integer not null default 60
  check (nu_limite_pos_atendimento between 10 and 3600);

-- The current state, one row per attendant who was ever seen (none: offline).
--   co_estado  'disponivel' | 'tocando' | 'em_ligacao' | 'pos_atendimento' | 'pausa' | 'offline'
create table atendente_estado (
  id_empresa integer not null,
  id_pessoa integer not null,
  co_estado text not null check (co_estado in ('disponivel', 'tocando', 'em_ligacao', 'pos_atendimento', 'pausa', 'offline')),
  id_motivo_pausa integer references motivo_pausa,
  id_ligacao integer, -- the call of 'tocando', 'em_ligacao' and 'pos_atendimento'
  ts_inicio timestamptz not null, -- when this state began
  primary key (id_empresa, id_pessoa),
  foreign key (id_empresa, id_pessoa) references pessoa (id_empresa, id_pessoa) on delete cascade
);

-- Every state an attendant was in, closed (ts_fim) when the next began: a report sums these intervals.
create table atendente_estado_historico (
  id_historico bigint generated always as identity primary key,
  id_empresa integer not null,
  id_pessoa integer not null,
  co_estado text not null,
  id_motivo_pausa integer,
  id_ligacao integer,
  ts_inicio timestamptz not null,
  ts_fim timestamptz,
  foreign key (id_empresa, id_pessoa) references pessoa (id_empresa, id_pessoa) on delete cascade
);
create index atendente_estado_historico_pessoa on atendente_estado_historico (id_empresa, id_pessoa, ts_inicio);
create index atendente_estado_historico_dia on atendente_estado_historico (id_empresa, ts_inicio);

-- Realtime presence: which API instance holds signed-in sockets of whom, last confirmed when. An instance
-- confirms its rows every 20 s; a row older than 60 s (the instance died) no longer counts.
create table atendente_presenca (
  co_instancia text not null,
  id_empresa integer not null,
  id_pessoa integer not null,
  ts_visto timestamptz not null,
  primary key (id_empresa, id_pessoa, co_instancia),
  foreign key (id_empresa, id_pessoa) references pessoa (id_empresa, id_pessoa) on delete cascade
);
create index atendente_presenca_visto on atendente_presenca (ts_visto);

-- A supervisor listening to a call in silence (rtpengine forks its media to the supervisor's browser): who,
-- which call, from when to when.
create table escuta_ligacao (
  id_escuta integer generated always as identity primary key,
  id_empresa integer not null,
  id_pessoa integer not null, -- the supervisor or manager
  id_ligacao integer not null,
  co_tag text not null unique,
  nu_partes smallint not null check (nu_partes between 1 and 4), -- one subscription per side: {co_tag}.0, {co_tag}.1…
  ts_inicio timestamptz not null,
  ts_fim timestamptz,
  unique (id_empresa, id_escuta),
  foreign key (id_empresa, id_pessoa) references pessoa (id_empresa, id_pessoa),
  foreign key (id_empresa, id_ligacao) references ligacao (id_empresa, id_ligacao) on delete cascade
);

-- A supervisor pausing or resuming an attendant, or listening to a call, is audited like an export.
alter table auditoria drop constraint auditoria_tp_acao_check;
alter table auditoria add constraint auditoria_tp_acao_check
  check (tp_acao in ('proposta.exportacao', 'proposta.remocao', 'atendente.pausa', 'atendente.retomada', 'ligacao.escuta'));

-- Today's figures of the board: an attendant's calls and proposals of a day.
create index proposta_atendente_dia on proposta (id_empresa, id_atendente, dt_digitacao);
-- The period reports read a company's calls and outcomes by instant (docs/rules.md "Reports").
create index ligacao_empresa_inicio on ligacao (id_empresa, ts_inicio);
create index historico_atendimento_empresa on historico_atendimento (id_empresa, ts_registro);
