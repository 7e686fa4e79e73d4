-- 031: data-subject requests (LGPD, Lei 13.709/2018 arts. 18 and 19; docs/rules.md "Data-subject requests (LGPD)";
-- api/src/data-subject). When a client was anonymised: the row stays (its CPF and the proposals the law still needs
-- point at it) with every other personal field replaced, and this says so and since when, for the summary, the
-- export and a later anonymisation of what arrived since (an import may add phones to a known CPF).
alter table cliente add column ts_anonimizacao timestamptz;
