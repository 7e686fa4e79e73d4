-- 017: the client's documents (docs/rules.md "Client documents"): RG/CNH, comprovante de
-- residência and extrato, uploaded from the settings/upload popup of /atendimento (product-spec §2). Kept
-- like ticket attachments (migration 013): the bytes here (bytea) with the media type they were checked to
-- be (PNG, JPEG or PDF by their magic bytes), at most 5 MB each. They go with their client (on delete cascade).
create table tipo_documento (id_tipo_documento integer primary key, de_tipo_documento text not null);
insert into tipo_documento values (1, 'RG/CNH'), (2, 'Comprovante de residência'), (3, 'Extrato');

create table cliente_documento (
  id_documento integer generated always as identity primary key,
  id_empresa integer not null,
  id_cliente integer not null,
  id_tipo_documento integer not null references tipo_documento,
  no_arquivo text not null check (length(no_arquivo) between 1 and 200), -- the name it had on the user's machine
  tp_arquivo text not null check (tp_arquivo in ('image/png', 'image/jpeg', 'application/pdf')),
  bl_arquivo bytea not null,
  nu_bytes integer not null check (nu_bytes between 1 and 5242880),
  id_pessoa integer not null, -- who uploaded it
  ts_envio timestamptz not null default now(),
  unique (id_empresa, id_documento),
  foreign key (id_empresa, id_cliente) references cliente (id_empresa, id_cliente) on delete cascade,
  foreign key (id_empresa, id_pessoa) references pessoa (id_empresa, id_pessoa)
);
-- A client's documents, newest first (the popup's list).
create index cliente_documento_cliente on cliente_documento (id_empresa, id_cliente, id_documento desc);
