-- 013: proposal follow-up (docs/rules.md "Proposal follow-up").

-- Tickets (chamados) of a proposal: created pending (73) by whoever follows the proposal, answered by a
-- supervisor or manager, which resolves them (75). Attachments are PNG or JPEG checked by content, at most
-- 5 MB, kept here (bytea) with their media type. They go with their proposal (on delete cascade).
create table status_chamado (id_status integer primary key, de_status text not null);
insert into status_chamado values (73, 'Pendente'), (75, 'Resolvido');

create table chamado (
  id_chamado integer generated always as identity primary key,
  id_empresa integer not null,
  id_proposta integer not null,
  id_status integer not null default 73 references status_chamado,
  id_pessoa integer not null, -- who opened it
  tx_chamado text not null,
  ts_chamado timestamptz not null default now(),
  bl_anexo bytea,
  tp_anexo text check (tp_anexo in ('image/png', 'image/jpeg')),
  id_pessoa_resposta integer, -- who answered it
  tx_resposta text,
  ts_resposta timestamptz,
  bl_anexo_resposta bytea,
  tp_anexo_resposta text check (tp_anexo_resposta in ('image/png', 'image/jpeg')),
  unique (id_empresa, id_chamado),
  foreign key (id_empresa, id_proposta) references proposta (id_empresa, id_proposta) on delete cascade,
  foreign key (id_empresa, id_pessoa) references pessoa (id_empresa, id_pessoa),
  foreign key (id_empresa, id_pessoa_resposta) references pessoa (id_empresa, id_pessoa),
  check ((bl_anexo is null) = (tp_anexo is null)),
  check ((bl_anexo_resposta is null) = (tp_anexo_resposta is null)),
  check (id_status <> 75 or (tx_resposta is not null and ts_resposta is not null))
);
-- A proposal's tickets, newest first (the row's buttons read the latest one).
create index chamado_proposta on chamado (id_empresa, id_proposta, id_chamado desc);
-- The answering side's list: the company's pending tickets.
create index chamado_pendente on chamado (id_empresa, id_chamado) where id_status = 73;

-- Who exported or deleted proposals, when, and what (the filters of an export, the proposal of a deletion):
-- proposals carry personal data (LGPD, Lei 13.709/2018 art. 37: keep a record of processing operations).
create table auditoria (
  id_auditoria bigint generated always as identity primary key,
  id_empresa integer not null,
  id_pessoa integer not null,
  tp_acao text not null check (tp_acao in ('proposta.exportacao', 'proposta.remocao')),
  js_detalhe jsonb not null,
  ts_acao timestamptz not null default now(),
  foreign key (id_empresa, id_pessoa) references pessoa (id_empresa, id_pessoa)
);
create index auditoria_empresa on auditoria (id_empresa, ts_acao);

-- The follow-up list and export read proposals newest typed first (dt_digitacao desc, id_proposta desc, the
-- keyset of ?cursor=) within one company, optionally by status, bank, attendant (also an attendant's own
-- view), referrer and typing days. One index per filter, each ending in the list's order, so the first page
-- of any single filter is an index range scan that stops after one page, and a count (the panel's 'Total'
-- and /crm/proposta/status) reads one index range; combined filters start from the most selective of them.
-- The company-and-days index also serves the date-only counts. Each filter's index also carries the other
-- filters' columns (include): a combined filter is then an index-only scan of the most selective range that
-- checks the rest on the index entries, with no heap visit per non-matching row (the count, and the page,
-- which picks its ids this way before reading the rows). Measured by `npm run bench:followup`
-- (docs/architecture.md "Follow-up benchmark"): a bank + referrer count on 1,000,000 proposals, ~100 ms → ~4 ms.
create index proposta_acompanhamento on proposta (id_empresa, dt_digitacao desc, id_proposta desc);
create index proposta_acompanhamento_status on proposta (id_empresa, id_status, dt_digitacao desc, id_proposta desc)
  include (id_banco, id_atendente, id_indicador);
create index proposta_acompanhamento_banco on proposta (id_empresa, id_banco, dt_digitacao desc, id_proposta desc)
  include (id_status, id_atendente, id_indicador);
create index proposta_acompanhamento_atendente on proposta (id_empresa, id_atendente, dt_digitacao desc, id_proposta desc)
  include (id_status, id_banco, id_indicador);
create index proposta_acompanhamento_indicador on proposta (id_empresa, id_indicador, dt_digitacao desc, id_proposta desc)
  include (id_status, id_banco, id_atendente)
  where id_indicador is not null;
-- 001's (id_empresa, id_status) and (id_empresa, id_atendente) are the leading columns of two indexes above.
drop index proposta_empresa_status;
drop index proposta_empresa_atendente;
