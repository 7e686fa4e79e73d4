import { CEP_LOOKUP_FAILED_TEXT, isCepLookupReady, lookupCep, type Client } from '@consig/shared';
import { Field, SelectField, type SelectOption } from '@consig/shared/forms';
import { useBanks, useSpecies } from '@consig/shared/query';
import { useId } from 'react';
import { FormProvider } from 'react-hook-form';
import { screenToast } from '../ui/screenToast';
import { clientFieldGroups } from './fieldsByCreditType';
import { UfField } from './UfField';
import { CLIENT_FIELD_LABELS as LABEL } from './clientFieldLabels';
import type { ClientFormModel } from './useClientForm';
import './clientForm.css';

const ClientField = Field<Client>;

const PAYMENT_METHODS: SelectOption[] = [
  { value: 1, label: 'Conta corrente' },
  { value: 2, label: 'Cartão magnético' },
];
const ACCOUNT_TYPES: SelectOption[] = [
  { value: 1, label: 'Conta Corrente' },
  { value: 2, label: 'Poupança' },
  { value: 3, label: 'Op' },
];
const SEXES: SelectOption[] = [
  { value: 'F', label: 'F' },
  { value: 'M', label: 'M' },
];

const yesNo = (flag: 0 | 1) => (flag === 1 ? 'Sim' : 'Não');

/** A value the attendant sees but never edits (product-spec §4 "Client form": NB, Bloqueio, DIB, DDB, Espécie…). */
function ReadOnlyField({ label, value }: { label: string; value: string }) {
  const id = useId();
  return (
    <div className="consig-field">
      <label htmlFor={id}>{label}</label>
      <input id={id} value={value} readOnly />
    </div>
  );
}

/** The INSS benefit block, read-only whatever the edit mode. */
function BenefitFields({ client }: { client: Client }) {
  const { data: species = [] } = useSpecies();
  const clientSpecies = species.find((candidate) => candidate.EspecieID === client.ID_Especie);
  return (
    <>
      <h3>Benefício</h3>
      <ReadOnlyField label="NB" value={client.CO_Matricula} />
      <ReadOnlyField label="Bloqueio" value={yesNo(client.SN_Bloqueio)} />
      <ReadOnlyField label="DIB" value={client.DT_DIB} />
      <ReadOnlyField label="DDB" value={client.DT_DDB} />
      <ReadOnlyField
        label="Espécie"
        value={clientSpecies ? `${clientSpecies.EspecieID} - ${clientSpecies.DE_Especie}` : String(client.ID_Especie ?? '')}
      />
      <ReadOnlyField label="Representante legal" value={yesNo(client.SN_RepresentanteLegal)} />
    </>
  );
}

interface Props {
  /** The client as the store holds it (the read-only benefit fields show it). */
  client: Client;
  /** The form of this client (useClientForm), owned by the screen and handed down. */
  clientForm: ClientFormModel;
  /** ID_TipoCredito of the selected operation: which fields show (product-spec §5). */
  benefitType: number;
  editMode: boolean;
  /** The 'Cadastro' card's show-data toggle: the form stays mounted while hidden, so a submit can validate it. */
  showData: boolean;
}

/**
 * The two-column client data form of /atendimento (product-spec §2, §4 "Client form", §5). Fields are
 * disabled unless the pencil's edit mode is on. It renders the form useClientForm holds, which is what the
 * rest of the screen validates and sends.
 */
export function ClientForm({ client, clientForm: { form, element }, benefitType, editMode, showData }: Props) {
  const { data: banks = [] } = useBanks();
  const groups = clientFieldGroups(benefitType);

  // product-spec §5 "CEP lookup": on leaving the field with 8 digits; on no answer the fields stay as they were and
  // the attendant is told to fill them (CEP_LOOKUP_FAILED_TEXT).
  const fillAddressFromCep = async () => {
    const cep = form.getValues('CO_Cep');
    if (!isCepLookupReady(cep)) return;
    const address = await lookupCep(cep);
    if (form.getValues('CO_Cep') !== cep) return;
    if (!address) {
      screenToast.error(CEP_LOOKUP_FAILED_TEXT);
      return;
    }
    const filled = {
      DE_Endereco: address.logradouro,
      DE_Bairro: address.bairro,
      DE_Cidade: address.localidade,
      SG_Estado: address.uf,
    } as const;
    for (const [name, value] of Object.entries(filled) as [keyof typeof filled, string][]) {
      form.setValue(name, value, { shouldDirty: true, shouldValidate: true });
    }
  };

  return (
    <FormProvider {...form}>
      <form
        ref={element}
        className="consig-panel att-client-form"
        aria-label="Dados do cliente"
        hidden={!showData}
        noValidate
        onSubmit={(event) => event.preventDefault()}
      >
        <fieldset className="att-client-form__fields" disabled={!editMode}>
          <div className="att-client-form__columns">
            <div className="att-client-form__column">
              <h3>Dados pessoais</h3>
              <ClientField name="DE_Pessoa" label={LABEL.DE_Pessoa} autoComplete="off" />
              <ClientField name="DE_CPF" label={LABEL.DE_CPF} mask="cpf" />
              <ClientField name="DE_Nascimento" label={LABEL.DE_Nascimento} mask="date" placeholder="dd-mm-aaaa" />
              <ClientField name="DE_Telefone" label={LABEL.DE_Telefone} mask="phoneDigits" />
              <ClientField name="EM_Email" label={LABEL.EM_Email} type="email" />
              {groups.motherAndSex && (
                <>
                  <ClientField name="DE_Mae" label={LABEL.DE_Mae} />
                  <SelectField<Client> name="DE_Sexo" label={LABEL.DE_Sexo} options={SEXES} />
                </>
              )}
              {groups.privateCreditDetails && (
                <>
                  <h3>Documentos e trabalho</h3>
                  <ClientField name="DE_DataExpedicao" label={LABEL.DE_DataExpedicao} mask="date" placeholder="dd-mm-aaaa" />
                  <ClientField name="CO_OrgaoEmissor" label={LABEL.CO_OrgaoEmissor} />
                  <UfField name="SG_UFEmissao" label={LABEL.SG_UFEmissao} />
                  <ClientField name="DE_Naturalidade" label={LABEL.DE_Naturalidade} />
                  <ClientField name="DT_Admissao" label={LABEL.DT_Admissao} mask="date" placeholder="dd-mm-aaaa" />
                  <ClientField name="CO_CNPJ" label={LABEL.CO_CNPJ} mask="cnpj" />
                  <ClientField name="VL_SalarioBruto" label={LABEL.VL_SalarioBruto} mask="money" />
                  <ClientField name="VL_SalarioLiquido" label={LABEL.VL_SalarioLiquido} mask="money" />
                  <ClientField name="ID_TipoBeneficio" label={LABEL.ID_TipoBeneficio} inputMode="numeric" />
                  <ClientField name="CO_MatriculaBeneficio" label={LABEL.CO_MatriculaBeneficio} />
                  <h3>Contato de referência</h3>
                  <ClientField name="DE_NomeReferencia" label={LABEL.DE_NomeReferencia} />
                  <ClientField name="DE_TelefoneReferencia" label={LABEL.DE_TelefoneReferencia} mask="phoneDigits" />
                </>
              )}
              {groups.benefit && <BenefitFields client={client} />}
            </div>
            <div className="att-client-form__column">
              <h3>Endereço</h3>
              <div onBlur={() => void fillAddressFromCep()}>
                <ClientField name="CO_Cep" label={LABEL.CO_Cep} mask="cep" />
              </div>
              <ClientField name="DE_Endereco" label={LABEL.DE_Endereco} />
              <ClientField name="DE_Numero" label={LABEL.DE_Numero} inputMode="numeric" />
              <ClientField name="DE_Complemento" label={LABEL.DE_Complemento} />
              <ClientField name="DE_Bairro" label={LABEL.DE_Bairro} />
              <ClientField name="DE_Cidade" label={LABEL.DE_Cidade} />
              <UfField name="SG_Estado" label={LABEL.SG_Estado} />
              <h3>Dados bancários</h3>
              {groups.paymentMethod && (
                <SelectField<Client> name="Meio_Pagamento" label={LABEL.Meio_Pagamento} options={PAYMENT_METHODS} numeric />
              )}
              <SelectField<Client>
                name="CO_Banco"
                label={LABEL.CO_Banco}
                options={banks.map(({ BancoID, DE_Banco }) => ({
                  value: BancoID,
                  label: `${String(BancoID).padStart(3, '0')} - ${DE_Banco}`,
                }))}
                numeric
              />
              <ClientField name="CO_Agencia" label={LABEL.CO_Agencia} inputMode="numeric" />
              <ClientField name="CO_AgenciaDV" label={LABEL.CO_AgenciaDV} inputMode="numeric" />
              <ClientField name="CO_ContaCorrente" label={LABEL.CO_ContaCorrente} inputMode="numeric" />
              <ClientField name="CO_ContaCorrenteDV" label={LABEL.CO_ContaCorrenteDV} inputMode="numeric" />
              {groups.accountType && <SelectField<Client> name="ID_TipoConta" label={LABEL.ID_TipoConta} options={ACCOUNT_TYPES} numeric />}
            </div>
          </div>
        </fieldset>
      </form>
    </FormProvider>
  );
}
