-- 001: schema of the walking skeleton. Later changes add files; never edit an applied one.
--
-- Naming: tables are Portuguese nouns; columns keep the product's prefixes in lower case
-- (id_ key, de_ text, co_ code, nu_ count, vl_ money, dt_ date, ts_ timestamp, sn_ flag 0|1,
-- em_ e-mail, pw_ password hash). Queries alias them to the contract names ("ID_Cliente", ...).
--
-- Tenancy: every business row carries id_empresa. Children reference parents through
-- (id_empresa, id_parent), so a row can never point at a row of another company.
-- Money is numeric(14,2), never floating point.

-- ---------------------------------------------------------------------------------------------
-- Reference codes (product-spec §9, docs/rules.md "Status codes"): the same for every company.

create table funcao (id_funcao integer primary key, de_funcao text not null);
insert into funcao values (11, 'Atendente'), (12, 'Supervisor'), (13, 'Gerente');

create table status_atendente (id_status integer primary key, de_status text not null);
insert into status_atendente values (81, 'Disponível'), (201, 'Em pausa');

create table motivo_pausa (id_motivo_pausa integer primary key, de_motivo_pausa text not null);
insert into motivo_pausa values
  (202, 'Almoço'), (203, 'Banheiro'), (204, 'Feedback'), (205, 'Problemas técnicos'), (206, 'Leads');

create table tipo_credito (id_tipo_credito integer primary key, de_tipo_credito text not null);
insert into tipo_credito values
  (1, 'INSS'), (2, 'ML'), (3, 'SIAPE'), (4, 'FGTS'), (5, 'Crédito Privado'), (6, 'EGC'), (7, 'EGI');

-- Agencies ("órgão") a campaign or a client belongs to.
create table orgao (id_orgao integer primary key, de_orgao text not null);
insert into orgao values (1, 'FGTS'), (4, 'INSS');

create table status_campanha (id_status integer primary key, de_status text not null);
insert into status_campanha values (26, 'Criado'), (35, 'Em andamento'), (72, 'Em análise'), (58, 'Pausado');

create table status_importacao (id_status integer primary key, de_status text not null);
insert into status_importacao values (0, 'Processando'), (63, 'Concluído'), (99, 'Erro');

create table status_lead (id_status integer primary key, de_status text not null);
insert into status_lead values (1, 'Novo'), (2, 'Em atendimento'), (3, 'Retornar ligação'), (4, 'Proposta registrada');

-- GET /crm/proposta/status/possiveis lists this table.
create table status_proposta (id_status integer primary key, de_status text not null);
insert into status_proposta values
  (10, 'Aguardando digitação'), (20, 'Digitada'), (30, 'Pendente'), (40, 'Em análise no banco'),
  (50, 'Aprovada'), (60, 'Paga'), (90, 'Cancelada'), (91, 'Reprovada');

-- Banks by their COMPE code (id_banco 1 is '001').
create table banco (id_banco integer primary key, de_banco text not null);
insert into banco values
  (1, 'Banco do Brasil'), (29, 'Banco Itaú Consignado'), (33, 'Banco Santander'), (41, 'Banrisul'),
  (104, 'Caixa Econômica Federal'), (237, 'Bradesco'), (318, 'Banco BMG'), (336, 'Banco C6'),
  (341, 'Itaú Unibanco'), (389, 'Banco Mercantil do Brasil'), (422, 'Banco Safra'), (623, 'Banco Pan'),
  (707, 'Banco Daycoval');

-- Key/value settings the API keeps for itself (generated secrets shared by every instance).
create table configuracao (
  co_chave text primary key,
  de_valor text not null,
  ts_criacao timestamptz not null default now()
);

-- Failed sign-ins, kept in the database so throttling holds across API instances (src/auth/throttle.ts).
create table tentativa_login (
  id_tentativa bigint generated always as identity primary key,
  em_email text not null,
  de_ip text not null,
  ts_tentativa timestamptz not null default now()
);
create index tentativa_login_email on tentativa_login (em_email, ts_tentativa);
create index tentativa_login_ip on tentativa_login (de_ip, ts_tentativa);

-- ---------------------------------------------------------------------------------------------
-- Companies and the people who sign in.

create table empresa (
  id_empresa integer primary key,
  de_empresa text not null,
  ts_criacao timestamptz not null default now()
);

-- A person who signs in (attendant, supervisor, manager). Clients live in `cliente`.
create table pessoa (
  id_pessoa integer generated always as identity primary key,
  id_empresa integer not null references empresa,
  em_email text not null,
  pw_senha text not null, -- scrypt, self-describing (src/auth/password.ts)
  de_pessoa text not null,
  id_funcao integer not null references funcao,
  sn_telefonia smallint not null default 0 check (sn_telefonia in (0, 1)),
  nu_ramal text unique, -- SIP extension; unique across companies because there is one SIP realm
  id_status integer not null default 81 references status_atendente,
  id_motivo_pausa integer references motivo_pausa, -- set exactly when paused (201)
  ts_status timestamptz not null default now(),
  unique (id_empresa, id_pessoa),
  check ((id_status = 201) = (id_motivo_pausa is not null))
);
create unique index pessoa_email on pessoa (lower(em_email));

-- Who referred a client (DE_Indicacao on leads, DE_Indicador on proposals).
create table indicador (
  id_indicador integer generated always as identity primary key,
  id_empresa integer not null references empresa,
  de_indicador text not null,
  unique (id_empresa, id_indicador),
  unique (id_empresa, de_indicador)
);

-- ---------------------------------------------------------------------------------------------
-- Clients and what is sold to them.

create table cliente (
  id_cliente integer generated always as identity primary key,
  id_empresa integer not null references empresa,
  co_cpf char(11) not null check (co_cpf ~ '^[0-9]{11}$'),
  de_pessoa text not null,
  dt_nascimento date,
  de_sexo char(1) check (de_sexo in ('F', 'M')),
  de_mae text,
  em_email text,
  id_orgao integer references orgao,
  id_indicador integer,
  ts_criacao timestamptz not null default now(),
  unique (id_empresa, co_cpf),
  unique (id_empresa, id_cliente),
  foreign key (id_empresa, id_indicador) references indicador (id_empresa, id_indicador)
);

create table telefone (
  id_telefone integer generated always as identity primary key,
  id_empresa integer not null,
  id_cliente integer not null,
  co_ddd char(2) not null check (co_ddd ~ '^[0-9]{2}$'),
  co_telefone text not null check (co_telefone ~ '^[0-9]{8,9}$'),
  unique (id_cliente, co_ddd, co_telefone),
  foreign key (id_empresa, id_cliente) references cliente (id_empresa, id_cliente) on delete cascade
);

-- A credit operation offered to a client, one card per credit type on the client screen.
create table operacao (
  id_operacao integer generated always as identity primary key,
  id_empresa integer not null,
  id_cliente integer not null,
  id_tipo_credito integer not null references tipo_credito,
  id_banco integer references banco,
  nu_parcelas integer not null default 0,
  vl_base_calculo numeric(14, 2) not null default 0,
  vl_margem numeric(14, 2) not null default 0,
  vl_margem_cartao numeric(14, 2) not null default 0,
  vl_parcela numeric(14, 2) not null default 0,
  vl_bruto numeric(14, 2) not null default 0,
  vl_saldo_devedor numeric(14, 2) not null default 0,
  vl_liquido numeric(14, 2) not null default 0,
  sn_selecionado smallint not null default 0 check (sn_selecionado in (0, 1)),
  unique (id_empresa, id_operacao),
  foreign key (id_empresa, id_cliente) references cliente (id_empresa, id_cliente) on delete cascade
);

-- A client handed to one attendant (the /dashboard panel).
create table lead (
  id_lead integer generated always as identity primary key,
  id_empresa integer not null,
  id_cliente integer not null,
  id_atendente integer not null,
  id_tipo_credito integer not null references tipo_credito,
  id_status integer not null default 1 references status_lead,
  ts_criacao timestamptz not null default now(),
  foreign key (id_empresa, id_cliente) references cliente (id_empresa, id_cliente) on delete cascade,
  foreign key (id_empresa, id_atendente) references pessoa (id_empresa, id_pessoa)
);
create index lead_atendente on lead (id_empresa, id_atendente, ts_criacao);

-- ---------------------------------------------------------------------------------------------
-- Campaigns.

create table campanha (
  id_campanha integer generated always as identity primary key,
  id_empresa integer not null references empresa,
  co_campanha text not null,
  de_campanha text not null,
  id_orgao integer not null references orgao,
  id_status integer not null default 26 references status_campanha,
  -- Status of the latest client-list import; null while the campaign has none ('Sem arquivo').
  id_status_importacao integer references status_importacao,
  nu_higienizados integer not null default 0, -- lines dropped by sanitising
  nu_importados integer not null default 0, -- clients loaded into the campaign
  ts_solicitacao timestamptz, -- when the latest batch was requested
  ts_baixa timestamptz, -- when it was loaded
  ts_criacao timestamptz not null default now(),
  unique (id_empresa, co_campanha),
  unique (id_empresa, id_campanha)
);

-- Which attendants serve a campaign.
create table campanha_atendente (
  id_empresa integer not null,
  id_campanha integer not null,
  id_atendente integer not null,
  sn_selecionado smallint not null default 1 check (sn_selecionado in (0, 1)),
  primary key (id_campanha, id_atendente),
  foreign key (id_empresa, id_campanha) references campanha (id_empresa, id_campanha) on delete cascade,
  foreign key (id_empresa, id_atendente) references pessoa (id_empresa, id_pessoa)
);

-- ---------------------------------------------------------------------------------------------
-- Proposals.

create table proposta (
  id_proposta integer generated always as identity primary key,
  id_empresa integer not null,
  id_cliente integer not null,
  id_operacao integer,
  id_tipo_credito integer not null references tipo_credito,
  id_banco integer not null references banco,
  id_atendente integer not null,
  id_indicador integer,
  id_status integer not null default 10 references status_proposta,
  co_ade text not null unique, -- the proposal's code at the bank (ADE)
  dt_digitacao timestamptz not null default now(),
  de_tabela text,
  nu_parcelas integer not null,
  vl_parcela numeric(14, 2) not null,
  vl_bruto numeric(14, 2) not null,
  vl_liquido numeric(14, 2) not null,
  sn_api smallint not null default 0 check (sn_api in (0, 1)), -- 1: created by a bot
  unique (id_empresa, id_proposta),
  foreign key (id_empresa, id_cliente) references cliente (id_empresa, id_cliente),
  foreign key (id_empresa, id_operacao) references operacao (id_empresa, id_operacao),
  foreign key (id_empresa, id_atendente) references pessoa (id_empresa, id_pessoa),
  foreign key (id_empresa, id_indicador) references indicador (id_empresa, id_indicador)
);
create index proposta_empresa_status on proposta (id_empresa, id_status);
create index proposta_empresa_atendente on proposta (id_empresa, id_atendente);
