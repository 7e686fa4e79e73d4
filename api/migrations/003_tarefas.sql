-- 003: durable background jobs: CSV imports, FGTS balance checks, ... (src/jobs/).
--
-- A worker claims due rows with FOR UPDATE SKIP LOCKED and holds a lease (de_dono, ts_dono_ate)
-- that it renews while the handler runs. A job whose lease ran out (its process died) goes back to
-- 'pendente'; a failed attempt is retried after an exponential delay; a job that used up its
-- attempts ends 'falhou' with the last error kept. Delivery is at least once: handlers are idempotent.

create table tarefa (
  id_tarefa integer generated always as identity primary key,
  -- The company the job works for; null only for the system's own housekeeping.
  id_empresa integer references empresa,
  co_tipo text not null, -- job kind: the handler that runs it (e.g. 'importacao_csv')
  -- Optional deduplication key: at most one unfinished job per (co_tipo, co_chave).
  co_chave text,
  de_dados jsonb not null default '{}',
  co_estado text not null default 'pendente'
    check (co_estado in ('pendente', 'executando', 'concluida', 'falhou')),
  nu_tentativas integer not null default 0, -- attempts started so far
  nu_max_tentativas integer not null default 5 check (nu_max_tentativas > 0),
  ts_executar timestamptz not null default now(), -- not before (first run, then each retry)
  de_dono text, -- worker holding the lease (host:pid:random)
  ts_dono_ate timestamptz, -- lease end; renewed while the handler runs
  de_erro text, -- last failure
  ts_criacao timestamptz not null default now(),
  ts_inicio timestamptz, -- last attempt's start
  ts_fim timestamptz, -- last attempt's end
  check ((co_estado = 'executando') = (de_dono is not null and ts_dono_ate is not null))
);

-- What the workers scan: due jobs, expired leases, old finished jobs.
create index tarefa_pendente on tarefa (ts_executar) where co_estado = 'pendente';
create index tarefa_executando on tarefa (ts_dono_ate) where co_estado = 'executando';
create index tarefa_concluida on tarefa (ts_fim) where co_estado = 'concluida';
create unique index tarefa_chave on tarefa (co_tipo, co_chave)
  where co_chave is not null and co_estado in ('pendente', 'executando');
create index tarefa_empresa on tarefa (id_empresa, co_tipo);
