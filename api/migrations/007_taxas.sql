-- 007: monthly rates as data, and the offer figures an operation carries.
-- docs/rules.md "Credit arithmetic" and "Rules in force".

-- A company's monthly rate for a credit type, optionally for one bank, in force from a São Paulo calendar
-- day. The rate in force for an operation is the latest row on or before the day, a row for the
-- operation's bank before one for any bank (id_banco null). A new rate is a new row, never an update, so
-- past offers can be explained. Rates are percent (1.79 = 1,79% a.m.), read as text into exact fractions
-- by @consig/shared/credit; the API refuses to compute with a rate above the legal cap in force.
create table taxa (
  id_taxa integer generated always as identity primary key,
  id_empresa integer not null references empresa,
  id_tipo_credito integer not null references tipo_credito,
  id_banco integer references banco,
  vl_taxa_mensal numeric(7, 4) not null check (vl_taxa_mensal >= 0 and vl_taxa_mensal < 100),
  dt_vigencia date not null,
  de_fonte text not null default '' check (length(de_fonte) <= 500), -- where the rate came from, notes
  ts_criacao timestamptz not null default now()
);
create unique index taxa_vigencia on taxa (id_empresa, id_tipo_credito, coalesce(id_banco, 0), dt_vigencia);

-- The figures of the last offer computed for the operation (POST /crm/atualizaOperacao), kept with it so a
-- proposal can carry what the client was shown (Autorregulação do consignado: rate, IOF, CET, validity).
alter table operacao
  add column vl_taxa numeric(7, 4),
  add column vl_iof numeric(14, 2),
  add column vl_cet_mensal numeric(9, 2), -- percent a month
  add column vl_cet_anual numeric(9, 2), -- percent a year
  add column dt_validade date;
