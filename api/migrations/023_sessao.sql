-- 023: server-side sessions (docs/rules.md "Sign-in and sessions", issue 21 item 6). Every sign-in is a row; its
-- token carries the row's id (`sid`). A request, and every open realtime socket, is honoured only while the row is
-- neither revoked ('Sair', the person deactivated or moved to another company) nor expired: a copied token is dead
-- after logout, and reactivating a person never revives the tokens they had.
create table sessao (
  id_sessao uuid primary key,
  id_pessoa integer not null references pessoa (id_pessoa) on delete cascade,
  ts_inicio timestamptz not null default now(),
  ts_expira timestamptz not null,
  ts_revogada timestamptz,
  -- 'saiu' | 'desativada' | 'empresa'
  co_motivo text check (co_motivo in ('saiu', 'desativada', 'empresa'))
);
create index sessao_pessoa_aberta on sessao (id_pessoa) where ts_revogada is null;

-- Deactivating a person (or moving them to another company) revokes every session they had, in the same
-- statement: the bearer check already refuses an inactive person, and this keeps the refusal when they come back.
create function sessao_revoga_da_pessoa() returns trigger language plpgsql as $$
begin
  update sessao
     set ts_revogada = now(),
         co_motivo = case when new.id_empresa is distinct from old.id_empresa then 'empresa' else 'desativada' end
   where id_pessoa = new.id_pessoa and ts_revogada is null;
  return null;
end $$;

create trigger sessao_revoga_da_pessoa after update of sn_ativo, id_empresa on pessoa
  for each row
  when ((old.sn_ativo = 1 and new.sn_ativo is distinct from 1) or new.id_empresa is distinct from old.id_empresa)
  execute function sessao_revoga_da_pessoa();
