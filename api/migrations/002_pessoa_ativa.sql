-- 002: a person can be deactivated without deleting their history (leads and proposals point at them).
-- An inactive person cannot sign in, and tokens already issued stop working on their next request:
-- the bearer hook reloads the person on every request (src/auth/authenticate.ts).
alter table pessoa add column sn_ativo smallint not null default 1 check (sn_ativo in (0, 1));
