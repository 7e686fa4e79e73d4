-- 014: proposal counts kept by triggers (docs/rules.md "Proposal follow-up").

-- How many proposals a company has per typing day (in São Paulo), status and bank. The list's 'Total' and
-- /crm/proposta/status without an attendant or referrer in the question sum these rows instead of counting
-- proposals: counting 1,000,000 index entries takes ~140 ms however indexed, summing the ~214,000 rows of two
-- years and 37 banks ~15–20 ms, a month or a day a few ms (docs/architecture.md "Follow-up benchmark"). Filters
-- by days map exactly to dt_dia, since the follow-up's days are whole São Paulo days.
--
-- A key may have several rows, whose sum is its count: a writer adds its change to a row of the key no other
-- transaction holds, or to a new row when all are held (below). One row per key with `on conflict do update`
-- would be a hot row: every registration of a company's day at one bank (a new proposal is status 10, typed
-- now) would hold it until commit, queueing the others, and two registrations adding proposals at the same two
-- banks in opposite orders (one statement per proposal, registration.ts) would deadlock. Here a key gets
-- another row only when writers actually collide.
create table proposta_contagem (
  id_contagem bigint generated always as identity primary key,
  id_empresa integer not null,
  dt_dia date not null, -- dt_digitacao's day in America/Sao_Paulo
  id_status integer not null,
  id_banco integer not null,
  nu_propostas integer not null -- this row's share of the key's count; may be 0 or negative
);
create index proposta_contagem_chave on proposta_contagem (id_empresa, dt_dia, id_status, id_banco);

-- Statement-level triggers with transition tables: one change per key however many rows a statement touches
-- (a bulk insert of 1,000,000 proposals over two years is one statement of ~214,000 keys). An update counts its
-- rows out (old values) and back in (new values), so keys whose net change is 0 (an update of anything else
-- than company, day, status or bank) are left alone. PostgreSQL allows no column list (`update of`) on a
-- trigger with transition tables, hence that.
--
-- Each key's change goes to one of its rows that no other transaction holds (for update skip locked), or to a
-- new row: the trigger never waits for another transaction, so it cannot deadlock, and a registration never
-- queues behind another until commit. The rows are taken by id, not ctid, so that when another transaction
-- updated a row and committed after this statement's snapshot, the update below follows it to its latest
-- version (a ctid taken by the lock would name a version this statement's snapshot cannot see).
-- Dynamic SQL (execute) so the one statement serves the three events and is planned with each change's size.
create function proposta_contagem_acerta() returns trigger language plpgsql as $$
declare
  mudancas text := case tg_op
    when 'INSERT' then 'select id_empresa, dt_digitacao, id_status, id_banco, 1 as um from proposta_novas'
    when 'DELETE' then 'select id_empresa, dt_digitacao, id_status, id_banco, -1 as um from proposta_antigas'
    else 'select id_empresa, dt_digitacao, id_status, id_banco, 1 as um from proposta_novas
          union all select id_empresa, dt_digitacao, id_status, id_banco, -1 from proposta_antigas'
  end;
begin
  execute format($sql$
    with delta as (
      select id_empresa, (dt_digitacao at time zone 'America/Sao_Paulo')::date as dt_dia, id_status, id_banco, sum(um)::int as n
        from (%s) mudancas
       group by 1, 2, 3, 4 having sum(um) <> 0),
    livres as (
      select c.id_contagem, d.*
        from proposta_contagem c join delta d using (id_empresa, dt_dia, id_status, id_banco)
         for update of c skip locked),
    alvo as (
      select distinct on (id_empresa, dt_dia, id_status, id_banco) *
        from livres order by id_empresa, dt_dia, id_status, id_banco, id_contagem),
    somadas as (
      update proposta_contagem c set nu_propostas = c.nu_propostas + a.n from alvo a where c.id_contagem = a.id_contagem)
    insert into proposta_contagem (id_empresa, dt_dia, id_status, id_banco, nu_propostas)
    select d.id_empresa, d.dt_dia, d.id_status, d.id_banco, d.n
      from delta d left join alvo a using (id_empresa, dt_dia, id_status, id_banco)
     where a.id_contagem is null
  $sql$, mudancas);
  return null;
end $$;

create trigger proposta_contagem_insercao after insert on proposta
  referencing new table as proposta_novas for each statement execute function proposta_contagem_acerta();
create trigger proposta_contagem_alteracao after update on proposta
  referencing old table as proposta_antigas new table as proposta_novas for each statement execute function proposta_contagem_acerta();
create trigger proposta_contagem_remocao after delete on proposta
  referencing old table as proposta_antigas for each statement execute function proposta_contagem_acerta();
-- TRUNCATE fires no delete trigger: empty the counts with the proposals.
create function proposta_contagem_esvazia() returns trigger language plpgsql as $$
begin
  delete from proposta_contagem;
  return null;
end $$;
create trigger proposta_contagem_truncamento after truncate on proposta for each statement execute function proposta_contagem_esvazia();

-- The proposals already there. Creating the triggers above took a lock on proposta that waits for writers in
-- flight and holds off new ones until this migration commits, so this count (a fresh snapshot, read committed)
-- and the triggers together miss no proposal and count none twice.
insert into proposta_contagem (id_empresa, dt_dia, id_status, id_banco, nu_propostas)
select id_empresa, (dt_digitacao at time zone 'America/Sao_Paulo')::date, id_status, id_banco, count(*)
  from proposta group by 1, 2, 3, 4;
