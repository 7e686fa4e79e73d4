-- 012: the import's progress (docs/rules.md "CSV imports and provider batches"): data lines the job has
-- read so far, of nu_linhas. Written by the job OUTSIDE its all-or-nothing transaction, so a screen polling
-- GET /importacao/{id} sees it move; equal to nu_linhas once the import is done.
alter table importacao add column nu_lidas integer not null default 0;
