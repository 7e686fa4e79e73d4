-- 026: a company runs its own people (issue 22 "People", docs/rules.md "People"; api/src/people): who supervises
-- whom, the temporary password a new (or reset) person must replace at their next sign-in, and when a person was
-- registered.

-- The person's supervisor (their team), always of the same company: the pair references (id_empresa, id_pessoa), so
-- a row can never point at another company's person. Nobody supervises themselves.
alter table pessoa add column id_supervisor integer;
alter table pessoa add constraint pessoa_supervisor_fk
  foreign key (id_empresa, id_supervisor) references pessoa (id_empresa, id_pessoa);
alter table pessoa add constraint pessoa_supervisor_outro check (id_supervisor is distinct from id_pessoa);
create index pessoa_supervisor on pessoa (id_empresa, id_supervisor) where id_supervisor is not null;

-- 1: the password was made by the API (a new person, a manager's reset) and shown once to a manager: the person
-- must choose their own at their next sign-in (the sign-in reads it, api/src/auth).
alter table pessoa add column sn_trocar_senha smallint not null default 0 check (sn_trocar_senha in (0, 1));

alter table pessoa add column ts_criacao timestamptz not null default now();

-- The list of a company's people, by name (GET /cadastros/pessoas).
create index pessoa_empresa_nome on pessoa (id_empresa, de_pessoa, id_pessoa);

-- A manager's reset of someone's password ends every session they had, like a deactivation (migration 023).
alter table sessao drop constraint sessao_co_motivo_check;
alter table sessao add constraint sessao_co_motivo_check check (co_motivo in ('saiu', 'desativada', 'empresa', 'senha'));
