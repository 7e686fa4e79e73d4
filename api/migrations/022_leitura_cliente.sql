-- 022: who reads a client's personal data (issue 21 item 3; docs/rules.md "Clients and lookups"). An attendant
-- reads only the clients they work (src/clients/clientAccess.ts); every read by anyone is counted per person and
-- São Paulo day, and a count past CLIENT_READS_ALERT_PER_DAY alerts the company's managers and is audited
-- (LGPD, Lei 13.709/2018 art. 37 and art. 46: a record of processing, and measures against improper access).

-- 'Novo Cliente' (GET /crm/cliente/basico/{cpf}): an attendant who typed a client's full CPF has the client in front
-- of them, so they may work that client for the rest of that São Paulo day (dt_dia). One row per person and client:
-- a new lookup moves it to its day, so the table never holds more than people × clients they looked up.
create table acesso_cliente_cpf (
  id_empresa integer not null,
  id_pessoa integer not null,
  id_cliente integer not null,
  dt_dia date not null, -- the São Paulo day the grant is valid on
  ts_consulta timestamptz not null, -- the lookup that granted it
  primary key (id_empresa, id_pessoa, id_cliente),
  foreign key (id_empresa, id_pessoa) references pessoa (id_empresa, id_pessoa) on delete cascade,
  foreign key (id_empresa, id_cliente) references cliente (id_empresa, id_cliente) on delete cascade
);

-- Reads of client records per person and São Paulo day: one upsert per read (src/clients/clientReads.ts), which
-- also answers the new count, so exactly one read sees the count cross the threshold.
create table leitura_cliente (
  id_empresa integer not null,
  id_pessoa integer not null,
  dt_dia date not null,
  nu_leituras integer not null check (nu_leituras > 0),
  primary key (id_empresa, id_pessoa, dt_dia),
  foreign key (id_empresa, id_pessoa) references pessoa (id_empresa, id_pessoa) on delete cascade
);

-- The attendant's relations to one client, read on every client request of an attendant: by client first (a client
-- has a handful of leads and proposals; an attendant may have thousands over the years).
create index lead_cliente on lead (id_empresa, id_cliente, id_atendente);
create index proposta_cliente on proposta (id_empresa, id_cliente, id_atendente);

-- The audit of a person's reads past the daily threshold.
alter table auditoria drop constraint auditoria_tp_acao_check;
alter table auditoria add constraint auditoria_tp_acao_check
  check (tp_acao in ('proposta.exportacao', 'proposta.remocao', 'atendente.pausa', 'atendente.retomada', 'ligacao.escuta',
                     'empresa.limite_pos_atendimento', 'cliente.leituras_acima_limite'));
