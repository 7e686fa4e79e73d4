-- 004: sign-in throttling per e-mail + address pair (src/auth/throttle.ts, docs/rules.md "Sign-in throttling").
-- Every attempt is reserved in tentativa_login before the password is checked and stays there as a
-- failure unless it succeeds; a success deletes the pair's rows and remembers the address as known.

-- The pair's failures (count and latest) and the purge of rows older than the longest window.
create index tentativa_login_par on tentativa_login (em_email, de_ip, ts_tentativa);
create index tentativa_login_ts on tentativa_login (ts_tentativa);

-- Addresses an e-mail has signed in from recently: the per-e-mail and per-address ceilings do not
-- apply to them, so strangers guessing a password cannot lock its owner out of the usual places.
create table acesso_conhecido (
  em_email text not null,
  de_ip text not null,
  ts_acesso timestamptz not null,
  primary key (em_email, de_ip)
);
create index acesso_conhecido_ts on acesso_conhecido (ts_acesso);
