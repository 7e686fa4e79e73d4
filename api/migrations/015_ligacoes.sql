-- 015: calls that leave the building: the company's phone numbers (caller ID out, DIDs in),
-- the call records Kamailio's events write (the server's truth, never the browser's), and the
-- recordings linked to them. docs/architecture.md "Telephony" draws the call path; docs/rules.md
-- "Calls" holds the rules.

-- The company's numbers at the carrier: DDD + number (10 or 11 digits) or a non-geographic number such
-- as 0300/0303/0800 + digits. One is the main number (caller ID by default); a campaign may choose
-- another (campanha.id_numero_saida). sn_entrada: calls to it from the phone network reach the company (a
-- DID). A number belongs to one company only: inbound calls find their company by it.
create table numero_empresa (
  id_numero integer generated always as identity primary key,
  id_empresa integer not null references empresa,
  nu_numero text not null unique check (nu_numero ~ '^[0-9]{10,13}$'),
  de_numero text not null default '',
  sn_principal smallint not null default 0 check (sn_principal in (0, 1)),
  sn_entrada smallint not null default 1 check (sn_entrada in (0, 1)),
  ts_criacao timestamptz not null default now(),
  unique (id_empresa, id_numero)
);
create unique index numero_empresa_principal on numero_empresa (id_empresa) where sn_principal = 1;

alter table campanha add column id_numero_saida integer;
alter table campanha add foreign key (id_empresa, id_numero_saida) references numero_empresa (id_empresa, id_numero);

-- One row per call, in and out, extension to extension included. Created when Kamailio asks the API
-- about a new call (the edge decision), completed by Kamailio's dialog events.
--   co_direcao     'saida' (to the phone network) | 'entrada' (from it) | 'interna' (extension to extension)
--   co_sip_call_id the SIP Call-ID, the key Kamailio's events carry
--   co_situacao    'tocando' until answered or failed, 'em_curso' once answered, 'encerrada' at the end
--   co_encerramento who or what ended it: 'chamador' | 'chamado' (a BYE from that side), 'recusada' (the
--                  edge refused it, co_recusa says which rule), 'falhou' (a final failure: busy, no
--                  answer, not found...), 'varredura' (no end event arrived: Kamailio crashed or restarted;
--                  closed by the sweep)
create table ligacao (
  id_ligacao integer generated always as identity primary key,
  id_empresa integer not null references empresa,
  co_sip_call_id text not null unique,
  co_direcao text not null check (co_direcao in ('saida', 'entrada', 'interna')),
  id_atendente integer, -- the attendant on our side (the caller out, whoever answered in)
  nu_ramal text, -- that attendant's extension at the time
  id_cliente integer,
  id_campanha integer,
  nu_origem text not null, -- who called: an extension or a phone number
  nu_destino text not null, -- who was called: an extension, a phone number or a DID
  nu_identificador text, -- the caller ID shown to the client (outbound)
  ts_inicio timestamptz not null default now(),
  ts_atendimento timestamptz,
  ts_fim timestamptz,
  co_situacao text not null default 'tocando' check (co_situacao in ('tocando', 'em_curso', 'encerrada')),
  co_sip integer, -- final SIP code: 200 for an answered call, else the failure (404, 486, 487, 603...)
  co_encerramento text check (co_encerramento in ('chamador', 'chamado', 'recusada', 'falhou', 'varredura')),
  co_recusa text, -- the rule that refused it at the edge: a lawful-dialling one, or 'numero' (docs/rules.md "Calls")
  -- Recording: 'pendente' while the call is up, 'gravada' once the file is stored, 'falhou' when
  -- rtpengine could not record (the call itself went on), 'nao_gravada' for calls never answered,
  -- 'expirada' once the retention purge deleted the file (empresa.nu_dias_gravacao).
  co_gravacao text check (co_gravacao in ('pendente', 'gravada', 'falhou', 'nao_gravada', 'expirada')),
  de_gravacao text, -- the storage key of the file (recordings/storage), null until stored
  nu_bytes_gravacao bigint,
  nu_segundos_gravacao numeric(10, 3),
  unique (id_empresa, id_ligacao),
  foreign key (id_empresa, id_atendente) references pessoa (id_empresa, id_pessoa),
  foreign key (id_empresa, id_cliente) references cliente (id_empresa, id_cliente) on delete set null (id_cliente),
  foreign key (id_empresa, id_campanha) references campanha (id_empresa, id_campanha) on delete set null (id_campanha),
  check (co_situacao <> 'encerrada' or (ts_fim is not null and co_encerramento is not null))
);
-- A client's calls (the 'Ligações' list), an attendant's calls of a day, the calls still open (the sweep).
create index ligacao_cliente on ligacao (id_empresa, id_cliente, ts_inicio desc) where id_cliente is not null;
create index ligacao_atendente on ligacao (id_empresa, id_atendente, ts_inicio desc);
create index ligacao_aberta on ligacao (ts_inicio) where co_situacao <> 'encerrada';
-- An attendant's calls still open: whether they are free to take an inbound call (src/calls/calls.repository.ts).
create index ligacao_aberta_atendente on ligacao (id_empresa, id_atendente) where co_situacao <> 'encerrada';

-- The company's clients with a given number: every call's edge decision looks the dialled (or calling)
-- number up, and without this index that is a scan of all the company's phones inside Kamailio's 1 s.
create index telefone_numero on telefone (id_empresa, co_ddd, co_telefone);

-- Every listen to or download of a recording: who, when, which call (LGPD accountability).
create table ligacao_acesso_gravacao (
  id_acesso integer generated always as identity primary key,
  id_empresa integer not null,
  id_ligacao integer not null,
  id_pessoa integer not null,
  co_acao text not null check (co_acao in ('ouvir', 'baixar')),
  ts_acesso timestamptz not null default now(),
  foreign key (id_empresa, id_ligacao) references ligacao (id_empresa, id_ligacao) on delete cascade,
  foreign key (id_empresa, id_pessoa) references pessoa (id_empresa, id_pessoa)
);

-- How long a company keeps its recordings (days); the daily purge deletes file and link together.
alter table empresa add column nu_dias_gravacao integer not null default 90 check (nu_dias_gravacao between 1 and 3650);
