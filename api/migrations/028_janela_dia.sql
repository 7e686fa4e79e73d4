-- 028: the calling window per weekday, and the company's own narrowings per state (Cadastros → 'Horários',
-- src/company-settings/callingHours.ts; rules in src/queue/callingRules.ts and docs/rules.md "Who may be called now").
-- janela_ligacao keeps what is not per day: sn_feriados and sn_sempre_aberta (the demo's and the tests' override).

-- The company's hours on each ISO weekday (1 Monday … 7 Sunday), in the client's local time, start inclusive, end
-- exclusive. A weekday without a row is closed; a company without a janela_ligacao row keeps the default window
-- (Mon–Fri 08:00–18:00, DEFAULT_WINDOW).
create table janela_ligacao_dia (
  id_empresa integer not null references janela_ligacao on delete cascade,
  nu_dia_semana smallint not null check (nu_dia_semana between 1 and 7),
  hr_inicio time not null,
  hr_fim time not null,
  primary key (id_empresa, nu_dia_semana),
  check (hr_inicio < hr_fim)
);

-- The same hours on each day the single window listed: what the queue did before, it does after.
insert into janela_ligacao_dia (id_empresa, nu_dia_semana, hr_inicio, hr_fim)
select distinct j.id_empresa, d.dia, j.hr_inicio, j.hr_fim
  from janela_ligacao j
 cross join lateral unnest(j.nu_dias_semana) as d (dia)
 where d.dia between 1 and 7;

-- The company's narrowing of one weekday for clients of one state: that day they are called only inside both the
-- company's hours and these, and the state's law (STATE_RULES) on top. Only on a day the company opens (the
-- foreign key): closing a day takes its narrowings with it.
create table janela_ligacao_uf (
  id_empresa integer not null,
  sg_uf text not null check (sg_uf ~ '^[A-Z]{2}$'),
  nu_dia_semana smallint not null,
  hr_inicio time not null,
  hr_fim time not null,
  primary key (id_empresa, sg_uf, nu_dia_semana),
  foreign key (id_empresa, nu_dia_semana) references janela_ligacao_dia on delete cascade,
  check (hr_inicio < hr_fim)
);

-- One source of truth: the days and hours live in janela_ligacao_dia now.
alter table janela_ligacao drop column nu_dias_semana, drop column hr_inicio, drop column hr_fim;
