-- 018: the base and margin of the private payroll credit (CCP) cards written before (docs/rules.md "Proposals and tickets", "Private payroll credit (CCP)").

-- Private payroll credit (CCP, type 5) under Lei 15.179/2025: the card's base is the client's available
-- remuneration (the net salary when typed, else the gross salary less the mandatory discounts) and its margin
-- 35% of it, rounded down to the cent, less the current consigned installments (other banks), never below zero.
-- From now on every save of the client keeps them so (clients.repository `update`); this brings the cards
-- written before up to date. A client without a salary gets 0 and 0: the card then asks for the salary.
update operacao o
   set vl_base_calculo = pay.base,
       vl_margem = greatest(0, floor(pay.base * 35) / 100 - pay.consigned)
  from (select c.id_empresa, c.id_cliente,
               greatest(0, coalesce(c.vl_salario_liquido, c.vl_salario_bruto - coalesce(c.vl_desconto_obrigatorio, 0), 0)) as base,
               coalesce(c.vl_desconto_outro_banco, 0) as consigned
          from cliente c) pay
 where o.id_tipo_credito = 5
   and pay.id_empresa = o.id_empresa and pay.id_cliente = o.id_cliente;

-- One proposal in progress (not 60 Paga, 90 Cancelada, 91 Reprovada) per operation: registration reads this
-- index under the operation's row lock. Not unique on purpose: the rule is the registration's (a manager may
-- still reopen an old proposal, docs/rules.md "Proposal status"), and rows typed before this rule stay readable.
create index proposta_operacao_em_andamento on proposta (id_empresa, id_operacao)
  where id_operacao is not null and id_status not in (60, 90, 91);
