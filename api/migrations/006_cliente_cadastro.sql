-- 006: the client's registration fields (product-spec §3 "Client") and the prospect base.
-- Same naming as 001 (product prefixes in lower case; money numeric(14,2)). Every new client column is
-- optional: a client created by the 'Novo Cliente' flow starts with a CPF and little else.

alter table cliente
  -- Documents.
  add column co_identidade text,
  add column dt_expedicao date,
  add column co_orgao_emissor text,
  add column sg_uf_emissao char(2) references estado,
  add column de_naturalidade text,
  -- Work and pay. CNPJ: 14 characters, alphanumeric for new CNPJs (docs/rules.md "Rules in force").
  add column dt_admissao date,
  add column co_cnpj char(14) check (co_cnpj ~ '^[0-9A-Z]{12}[0-9]{2}$'),
  add column vl_salario_bruto numeric(14, 2) check (vl_salario_bruto >= 0),
  add column vl_salario_liquido numeric(14, 2) check (vl_salario_liquido >= 0),
  -- Address.
  add column co_cep char(8) check (co_cep ~ '^[0-9]{8}$'),
  add column de_endereco text,
  add column de_numero text check (de_numero ~ '^[0-9]*$'),
  add column de_complemento text,
  add column de_bairro text,
  add column de_cidade text,
  add column sg_estado char(2) references estado,
  -- Reference contact.
  add column de_nome_referencia text,
  add column de_telefone_referencia text check (de_telefone_referencia ~ '^[0-9]{10,11}$'),
  -- Benefit and payment. Meio_Pagamento: 1 conta corrente, 2 cartão magnético (as TP_Beneficio, §3).
  add column co_meio_pagamento smallint check (co_meio_pagamento in (1, 2)),
  add column id_tipo_beneficio integer,
  add column co_matricula_beneficio text,
  add column co_matricula text, -- NB, the INSS benefit number
  add column sn_bloqueio smallint not null default 0 check (sn_bloqueio in (0, 1)),
  add column dt_dib date, -- benefit start
  add column dt_ddb date, -- benefit grant (the 90/180-day rules count from it)
  add column id_especie integer references especie,
  add column sn_representante_legal smallint not null default 0 check (sn_representante_legal in (0, 1)),
  -- Current discounts on the pay slip.
  add column vl_desconto_outro_banco numeric(14, 2) check (vl_desconto_outro_banco >= 0),
  add column vl_desconto_obrigatorio numeric(14, 2) check (vl_desconto_obrigatorio >= 0),
  add column vl_desconto_voluntario numeric(14, 2) check (vl_desconto_voluntario >= 0),
  -- Bank data (where the client receives). id_tipo_conta: 1 Conta Corrente, 2 Poupança, 3 Op.
  add column co_banco integer references banco,
  add column co_agencia text check (co_agencia ~ '^[0-9]+$'),
  add column co_agencia_dv text check (co_agencia_dv ~ '^[0-9]+$'),
  add column co_conta_corrente text check (co_conta_corrente ~ '^[0-9]+$'),
  add column co_conta_corrente_dv text check (co_conta_corrente_dv ~ '^[0-9]+$'),
  add column id_tipo_conta smallint check (id_tipo_conta in (1, 2, 3));

-- The prospect base: people bought from a data provider, the same for every company (no id_empresa).
-- A company's client is created from it when an attendant looks a CPF up ('Novo Cliente') and, later,
-- when a campaign requests a batch. One row per CPF: a provider's refresh replaces it.
create table prospecto (
  id_prospecto integer generated always as identity primary key,
  co_cpf char(11) not null check (co_cpf ~ '^[0-9]{11}$'),
  de_pessoa text not null,
  dt_nascimento date,
  de_sexo char(1) check (de_sexo in ('F', 'M')),
  de_mae text,
  id_orgao integer references orgao,
  id_especie integer references especie,
  co_matricula text, -- NB
  dt_dib date,
  dt_ddb date,
  vl_renda numeric(14, 2) check (vl_renda >= 0), -- monthly benefit or salary
  de_telefones text[] not null default '{}', -- DDD + number, digits only
  sg_estado char(2) references estado,
  ts_atualizacao timestamptz not null default now()
);
create unique index prospecto_cpf on prospecto (co_cpf);
