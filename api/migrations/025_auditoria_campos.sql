-- 025: the audit's fields of issue 22 "Audit": from which address (the client's, as the API sees it behind the
-- trusted proxy), and the values before and after a change.
alter table auditoria add column de_endereco text;
alter table auditoria add column js_antes jsonb;
alter table auditoria add column js_depois jsonb;

-- Which actions exist is now said once, in code (AUDIT_ACTIONS, shared/src/contracts/audit.ts, checked by the
-- writer api/src/audit/audit.ts): a new action no longer needs a migration. The database keeps the form
-- 'subject.action', so nothing free-form gets in.
alter table auditoria drop constraint auditoria_tp_acao_check;
alter table auditoria add constraint auditoria_tp_acao_check check (tp_acao ~ '^[a-z_]+(\.[a-z_]+)+$');

-- The list reads a company's rows newest first by (ts_acao, id_auditoria), the keyset of its pages: the index
-- carries the id so a page starts where the last ended without sorting; the person filter has its own.
drop index auditoria_empresa;
create index auditoria_empresa on auditoria (id_empresa, ts_acao, id_auditoria);
create index auditoria_empresa_pessoa on auditoria (id_empresa, id_pessoa, ts_acao, id_auditoria);
