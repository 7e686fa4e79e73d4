-- 016: every status a proposal was given, by whom and when (docs/rules.md "Proposal status by role").

-- One row per change, written in the transaction that changes proposta.id_status (PUT /crm/proposta), and one
-- for the registration itself (no previous status; POST crm/proposta/0 writes it in the statement that creates
-- the proposal). Proposals registered before this migration have no registration row. The rows go with their
-- proposal (on delete cascade): its deletion is kept in auditoria.
create table proposta_historico (
  id_historico bigint generated always as identity primary key,
  id_empresa integer not null,
  id_proposta integer not null,
  id_pessoa integer not null, -- who changed it
  id_status_anterior integer references status_proposta, -- null: the proposal was registered with id_status
  id_status integer not null references status_proposta,
  ts_alteracao timestamptz not null default now(),
  foreign key (id_empresa, id_proposta) references proposta (id_empresa, id_proposta) on delete cascade,
  foreign key (id_empresa, id_pessoa) references pessoa (id_empresa, id_pessoa),
  check (id_status_anterior is distinct from id_status)
);
-- 'Resumo da Proposta' reads one proposal's history, oldest first.
create index proposta_historico_proposta on proposta_historico (id_empresa, id_proposta, id_historico);
