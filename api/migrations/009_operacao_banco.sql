-- 009: the account an operation's money goes to, as typed on the operation card (product-spec §3
-- "Operation", §5 "Operation bank fields"). The operation's bank stays id_banco (001): the bank the proposal is
-- typed at, whose rate applies, and the bank of this account (docs/rules.md "Operation cards").
-- Same checks as the client's bank data (006) and the proposal's (008): digits only, null while not typed.
-- POST /crm/atualizaOperacao stores them; POST crm/proposta/0 requires them on a selected operation.

alter table operacao
  add column co_agencia text check (co_agencia ~ '^[0-9]+$'),
  add column co_agencia_dv text check (co_agencia_dv ~ '^[0-9]+$'),
  add column co_conta_corrente text check (co_conta_corrente ~ '^[0-9]+$'),
  add column co_conta_corrente_dv text check (co_conta_corrente_dv ~ '^[0-9]+$'),
  add column id_tipo_conta smallint check (id_tipo_conta in (1, 2, 3)); -- 1 Conta Corrente, 2 Poupança, 3 Op
