-- 032: extensions whose registrations Kamailio must drop now (docs/rules.md "People" → "Deactivation").
-- A phone keeps a registration up to its expiry (at most 600 s) and Kamailio cannot take back credentials it did not
-- issue: the API refuses the next REGISTER (POST /telefonia/sip/registro), and this list lets Kamailio remove the
-- registration it already holds. Written by the trigger below in the statement that changed the person, so no
-- code path (deactivation, telephony turned off, an extension changed, a move to another company) can forget it;
-- Kamailio reads it every 2 s from its last id (POST /telefonia/sip/revogacoes).
create table ramal_revogado (
  id_revogacao bigint generated always as identity primary key,
  nu_ramal text not null,
  co_motivo text not null check (co_motivo in ('desativada', 'sem_telefonia', 'ramal_trocado', 'empresa')),
  ts_revogacao timestamptz not null default now()
);

create function ramal_revogado_da_pessoa() returns trigger language plpgsql as $$
begin
  insert into ramal_revogado (nu_ramal, co_motivo)
  values (
    old.nu_ramal,
    case
      when new.id_empresa is distinct from old.id_empresa then 'empresa'
      when old.sn_ativo = 1 and new.sn_ativo is distinct from 1 then 'desativada'
      when old.sn_telefonia = 1 and new.sn_telefonia is distinct from 1 then 'sem_telefonia'
      else 'ramal_trocado'
    end
  );
  return null;
end $$;

-- Only a person who could register (active, with telephony, an extension) loses something.
create trigger ramal_revogado_da_pessoa after update of sn_ativo, sn_telefonia, nu_ramal, id_empresa on pessoa
  for each row
  when (
    old.nu_ramal is not null and old.sn_ativo = 1 and old.sn_telefonia = 1
    and (new.sn_ativo is distinct from 1 or new.sn_telefonia is distinct from 1
         or new.nu_ramal is distinct from old.nu_ramal or new.id_empresa is distinct from old.id_empresa)
  )
  execute function ramal_revogado_da_pessoa();
