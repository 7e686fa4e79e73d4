-- 011: own batch import (docs/rules.md "CSV imports and provider batches"). One row per upload: the
-- file itself (read by the job), its status (status_importacao: 0 running, 63 done, 99 error), counts and the
-- failure reason; the rejected lines with their number, reason and original text (downloadable as CSV).
create table importacao (
  id_importacao integer generated always as identity primary key,
  id_empresa integer not null,
  id_campanha integer not null,
  id_pessoa integer not null, -- who uploaded
  id_status integer not null default 0 references status_importacao,
  sn_higienizar smallint not null check (sn_higienizar in (0, 1)),
  bl_arquivo bytea, -- the uploaded file; cleared when the import ends
  nu_linhas integer not null default 0, -- data lines of the file
  nu_importados integer not null default 0, -- clients newly queued in the campaign
  nu_higienizados integer not null default 0, -- lines dropped by sanitising
  nu_rejeitados integer not null default 0, -- lines refused by the rules
  de_motivo text, -- why it ended in 99
  ts_criacao timestamptz not null default now(),
  ts_conclusao timestamptz,
  unique (id_empresa, id_importacao),
  foreign key (id_empresa, id_campanha) references campanha (id_empresa, id_campanha) on delete cascade,
  foreign key (id_empresa, id_pessoa) references pessoa (id_empresa, id_pessoa)
);
create index importacao_campanha on importacao (id_empresa, id_campanha, id_importacao);

create table importacao_rejeitada (
  id_importacao integer not null references importacao on delete cascade,
  nu_linha integer not null,
  de_motivo text not null,
  sn_higienizacao smallint not null check (sn_higienizacao in (0, 1)), -- dropped by sanitising, not by a rule
  tx_linha text not null,
  primary key (id_importacao, nu_linha)
);

-- product-spec §2: "Campaigns needing offered value and instalment value add a client only if these are set".
alter table campanha add column sn_exige_valores smallint not null default 0 check (sn_exige_valores in (0, 1));
