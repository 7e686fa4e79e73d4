-- 027: password recovery (issue 22 "Password recovery and access requests", docs/rules.md "Sign-in and sessions";
-- src/auth/passwordRecovery.ts). 'Esqueceu sua senha?' e-mails a single-use link valid 30 minutes; the table keeps
-- only the SHA-256 of its token, so whoever reads the database (a backup, a replica) cannot use a pending link.
create table recuperacao_senha (
  id_recuperacao integer generated always as identity primary key,
  id_pessoa integer not null references pessoa (id_pessoa) on delete cascade,
  -- hex SHA-256 of the link's token
  tx_hash text not null unique,
  ts_criada timestamptz not null,
  -- a newer request brings an older link's expiry forward to its own creation: only the latest link works
  ts_expira timestamptz not null,
  ts_usada timestamptz
);
create index recuperacao_senha_pessoa on recuperacao_senha (id_pessoa) where ts_usada is null;

-- Requests of 'Esqueceu sua senha?', known e-mail or not, counted per e-mail and per address (throttled like the
-- sign-in, src/auth/passwordRecovery.ts); rows older than the longest window are purged by the next request.
create table pedido_recuperacao (
  em_email text not null,
  de_ip text not null,
  ts_pedido timestamptz not null
);
create index pedido_recuperacao_email on pedido_recuperacao (em_email, ts_pedido);
create index pedido_recuperacao_ip on pedido_recuperacao (de_ip, ts_pedido);
create index pedido_recuperacao_ts on pedido_recuperacao (ts_pedido);

