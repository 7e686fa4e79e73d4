-- 024: the audit is append-only (issue 22 "Audit"; LGPD, Lei 13.709/2018 art. 37: the controller keeps a record of
-- its processing, which is worth nothing if whoever it records can edit it). The API never updates or deletes an
-- audit row; the database refuses it too, for any connection that is not its owner disabling the trigger on purpose.
create function auditoria_somente_insercao() returns trigger language plpgsql as $$
begin
  raise exception 'A auditoria só recebe registros novos: % recusado.', tg_op using errcode = 'insufficient_privilege';
end $$;

create trigger auditoria_sem_alteracao before update or delete on auditoria
  for each row execute function auditoria_somente_insercao();
create trigger auditoria_sem_truncate before truncate on auditoria
  for each statement execute function auditoria_somente_insercao();
