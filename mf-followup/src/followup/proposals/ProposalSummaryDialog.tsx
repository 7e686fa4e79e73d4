import { Dialog, formatBRL, formatPhoneNumber, formatSaoPauloDateTime, maskCep, maskCpf, type ProposalListItem } from '@consig/shared';
import { StatusHistory } from './StatusHistory';

/** A birth date is a calendar day: '1980-05-20' reads as 20/05/1980; any other form is shown as it came. */
const day = (value: string | null) => {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value ?? '');
  return match ? `${match[3]}/${match[2]}/${match[1]}` : value;
};
const withDigit = (value: string | null, digit: string | null) => (value ? (digit ? `${value}-${digit}` : value) : null);

type Fields = [label: string, value: string | null][];

function FieldGroup({ title, fields }: { title: string; fields: Fields }) {
  return (
    <section aria-label={title}>
      <h3>{title}</h3>
      <dl className="fu-summary__fields">
        {fields.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value || '—'}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/**
 * 'Resumo da Proposta' (product-spec §2): the proposal, its status history, its person, address and bank; the body
 * scrolls at 260px.
 */
export function ProposalSummaryDialog({ proposal: p, onClose }: { proposal: ProposalListItem; onClose: () => void }) {
  return (
    <Dialog title="Resumo da Proposta" onClose={onClose}>
      <div className="fu-summary" tabIndex={0} role="group" aria-label={`Proposta ${p.CO_ADE}`}>
        <FieldGroup
          title="Proposta"
          fields={[
            ['ADE', p.CO_ADE],
            ['Status', p.DE_Status],
            ['Operação', p.DE_Operacao],
            ['Tabela', p.DE_Tabela],
            ['Valor líquido', formatBRL(p.DE_Liquido)],
            ['Digitada em', formatSaoPauloDateTime(p.DT_Digitacao)],
            ['Atendente', p.DE_Atendente],
            ['Indicador', p.DE_Indicador],
          ]}
        />
        <StatusHistory proposalId={p.ID_Proposta} />
        <FieldGroup
          title="Cliente"
          fields={[
            ['Nome', p.DE_Pessoa],
            ['CPF', maskCpf(p.CO_CPF)],
            ['Nascimento', day(p.DT_Nascimento)],
            ['Identidade', p.CO_Identidade],
            ['Sexo', p.DE_Sexo],
            ['Mãe', p.DE_Mae],
            ['Telefone', p.DE_Telefone ? formatPhoneNumber(p.DE_Telefone) : p.DE_Telefone],
            ['E-mail', p.EM_Email],
          ]}
        />
        <FieldGroup
          title="Endereço"
          fields={[
            ['CEP', p.CO_Cep ? maskCep(p.CO_Cep) : null],
            ['Endereço', p.DE_Endereco],
            ['Número', p.DE_Numero],
            ['Complemento', p.DE_Complemento],
            ['Bairro', p.DE_Bairro],
            ['Cidade', p.DE_Cidade],
          ]}
        />
        <FieldGroup
          title="Dados bancários"
          fields={[
            ['Banco', `${p.CO_Banco} · ${p.DE_Banco}`],
            ['Agência', withDigit(p.CO_Agencia, p.CO_AgenciaDV)],
            ['Conta corrente', withDigit(p.CO_ContaCorrente, p.CO_ContaCorrenteDV)],
          ]}
        />
      </div>
    </Dialog>
  );
}
