-- 021: a manager's change of the company's after-call limit (PUT /relatorios/ao-vivo/limite) is audited.
alter table auditoria drop constraint auditoria_tp_acao_check;
alter table auditoria add constraint auditoria_tp_acao_check
  check (tp_acao in ('proposta.exportacao', 'proposta.remocao', 'atendente.pausa', 'atendente.retomada', 'ligacao.escuta',
                     'empresa.limite_pos_atendimento'));
