-- 008: registering proposals and sending simulations (docs/rules.md "Proposals and tickets").

-- CO_ADE of proposals registered by the CRM: a sequence, formatted as 10 digits ('0000000001'), so codes are
-- unique across instances and transactions without retries (a random code can collide; max()+1 races).
-- Ten digits never meet the 8-digit codes of the demo data. A rolled-back registration leaves a gap, which
-- is harmless: the code only has to be unique.
create sequence proposta_co_ade;

-- The account where the client receives the money, as typed on the operation card (product-spec §5
-- "Operation bank fields"); the proposal's own id_banco stays the lending bank of the operation.
alter table proposta
  add column id_banco_conta integer references banco,
  add column co_agencia text check (co_agencia ~ '^[0-9]+$'),
  add column co_agencia_dv text check (co_agencia_dv ~ '^[0-9]+$'),
  add column co_conta_corrente text check (co_conta_corrente ~ '^[0-9]+$'),
  add column co_conta_corrente_dv text check (co_conta_corrente_dv ~ '^[0-9]+$'),
  add column id_tipo_conta smallint check (id_tipo_conta in (1, 2, 3));

-- A simulation sent to a client ('Enviar simulação', product-spec §6: company 1 only), kept whether or not
-- its e-mail went out. tp_envio: 'pendente' (recorded, e-mail being sent), 'enviado', 'falhou' (SMTP error),
-- 'nao_configurado' (no SMTP on this server), 'sem_email' (the client has no address).
create table simulacao (
  id_simulacao integer generated always as identity primary key,
  id_empresa integer not null references empresa,
  id_cliente integer not null,
  id_atendente integer not null,
  em_destino text check (length(em_destino) <= 254),
  tp_envio text not null check (tp_envio in ('pendente', 'enviado', 'falhou', 'nao_configurado', 'sem_email')),
  ts_criacao timestamptz not null default now(),
  unique (id_empresa, id_simulacao),
  foreign key (id_empresa, id_cliente) references cliente (id_empresa, id_cliente) on delete cascade,
  foreign key (id_empresa, id_atendente) references pessoa (id_empresa, id_pessoa)
);
create index simulacao_cliente on simulacao (id_empresa, id_cliente, ts_criacao);

-- The figures of each operation as the client was shown them (Autorregulação: rate, IOF, CET, validity).
-- A copy, not a reference to the operation's current figures, which change with every recalculation.
create table simulacao_operacao (
  id_simulacao_operacao integer generated always as identity primary key,
  id_empresa integer not null,
  id_simulacao integer not null,
  id_operacao integer not null,
  id_tipo_credito integer not null references tipo_credito,
  id_banco integer references banco,
  nu_parcelas integer not null,
  vl_parcela numeric(14, 2) not null,
  vl_bruto numeric(14, 2) not null,
  vl_liquido numeric(14, 2) not null,
  vl_saldo_devedor numeric(14, 2) not null,
  vl_iof numeric(14, 2) not null,
  vl_taxa numeric(7, 4) not null,
  vl_cet_mensal numeric(9, 2),
  vl_cet_anual numeric(9, 2),
  dt_validade date not null,
  foreign key (id_empresa, id_simulacao) references simulacao (id_empresa, id_simulacao) on delete cascade,
  foreign key (id_empresa, id_operacao) references operacao (id_empresa, id_operacao) on delete cascade
);
create index simulacao_operacao_simulacao on simulacao_operacao (id_simulacao);
