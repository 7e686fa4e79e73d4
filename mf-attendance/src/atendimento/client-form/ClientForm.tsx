import {
  clientFormFull,
  clientFormSimulator,
  isCepLookupReady,
  lookupCep,
  type ClientForm as ValidClient,
  type ClientFormMode,
  type Cliente,
} from '@consig/shared';
import { Field, zodResolver, SelectField, type SelectOption } from '@consig/shared/forms';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { FormProvider, useForm, type Resolver } from 'react-hook-form';
import { useBanks } from '../api/getBanks';
import { useSpecies } from '../api/getSpecies';
import { useAttendanceStore } from '../state/AttendanceContext';
import { clientFieldGroups } from './fieldsByCreditType';
import { UfField } from './UfField';
import { registerClientFormValidator } from './validateClientForm';
import './clientForm.css';

const ClientField = Field<Cliente>;

// The one rule set of the client (shared with the API), in the mode of the last submit asked for. The cast:
// the schemas type their optional inputs as `unknown` (they accept what any caller sends); the form holds Cliente.
const resolvers = {
  full: zodResolver(clientFormFull),
  simulator: zodResolver(clientFormSimulator),
} as unknown as Record<ClientFormMode, Resolver<Cliente, unknown, ValidClient>>;

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
function BenefitFields({ client }: { client: Cliente }) {
  const { data: species = [] } = useSpecies();
  const especie = species.find((candidate) => candidate.EspecieID === client.ID_Especie);
  return (
    <>
      <h3>Benefício</h3>
      <ReadOnlyField label="NB" value={client.CO_Matricula} />
      <ReadOnlyField label="Bloqueio" value={yesNo(client.SN_Bloqueio)} />
      <ReadOnlyField label="DIB" value={client.DT_DIB} />
      <ReadOnlyField label="DDB" value={client.DT_DDB} />
      <ReadOnlyField label="Espécie" value={especie ? `${especie.EspecieID} - ${especie.DE_Especie}` : String(client.ID_Especie ?? '')} />
      <ReadOnlyField label="Representante legal" value={yesNo(client.SN_RepresentanteLegal)} />
    </>
  );
}

interface Props {
  /** The client as the store holds it; the form starts from it (mount it keyed by ClienteID). */
  client: Cliente;
  /** ID_TipoCredito of the selected operation: which fields show (product-spec §5). */
  benefitType: number;
  editMode: boolean;
  /** The 'Cadastro' card's show-data toggle: the form stays mounted while hidden, so a submit can validate it. */
  showData: boolean;
}

/**
 * The two-column client data form of /atendimento (product-spec §2, §4 "Client form", §5). Fields are
 * disabled unless the pencil's edit mode is on; every change goes to the attendance store (`clientEdited`),
 * which is what a proposal or a simulation sends. `validateClientForm(mode)` validates it for a submit.
 */
export function ClientForm({ client, benefitType, editMode, showData }: Props) {
  const store = useAttendanceStore();
  const mode = useRef<ClientFormMode>('full');
  const form = useForm<Cliente, unknown, ValidClient>({
    mode: 'onTouched',
    defaultValues: client,
    resolver: (values, context, options) => resolvers[mode.current](values, context, options),
  });
  const formElement = useRef<HTMLFormElement>(null);
  const [focusRequest, setFocusRequest] = useState(0);
  const { data: banks = [] } = useBanks();
  const groups = clientFieldGroups(benefitType);

  useEffect(() => {
    return form.subscribe({
      formState: { values: true },
      callback: ({ values }) => store.dispatch({ type: 'clientEdited', values }),
    });
  }, [form, store]);

  const validate = useCallback(
    async (requested: ClientFormMode) => {
      mode.current = requested;
      let valid: ValidClient | null = null;
      await form.handleSubmit((data) => {
        valid = data;
      })();
      if (valid) return valid;
      // A hidden or disabled field cannot take the focus: show the form and enable it first.
      const { showData: shown, editMode: editing } = store.getState();
      if (!shown) store.dispatch({ type: 'showDataToggled' });
      if (!editing) store.dispatch({ type: 'editModeToggled' });
      setFocusRequest((request) => request + 1);
      return null;
    },
    [form, store],
  );

  useEffect(() => registerClientFormValidator(validate), [validate]);

  useEffect(() => {
    if (focusRequest === 0) return;
    formElement.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequest]);

  // product-spec §5 "CEP lookup": on leaving the field with 8 digits; on no answer the fields stay as they were.
  const fillAddressFromCep = async () => {
    const cep = form.getValues('CO_Cep');
    if (!isCepLookupReady(cep)) return;
    const address = await lookupCep(cep);
    if (!address || form.getValues('CO_Cep') !== cep) return;
    const filled = { DE_Endereco: address.logradouro, DE_Bairro: address.bairro, DE_Cidade: address.localidade, SG_Estado: address.uf } as const;
    for (const [name, value] of Object.entries(filled) as [keyof typeof filled, string][]) {
      form.setValue(name, value, { shouldDirty: true, shouldValidate: true });
    }
  };

  return (
    <FormProvider {...form}>
      <form
        ref={formElement}
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
              <ClientField name="DE_Pessoa" label="Nome" autoComplete="off" />
              <ClientField name="DE_CPF" label="CPF" mask="cpf" />
              <ClientField name="DE_Nascimento" label="Data de nascimento" mask="date" placeholder="dd-mm-aaaa" />
              <ClientField name="DE_Telefone" label="Telefone" inputMode="numeric" maxLength={11} />
              <ClientField name="EM_Email" label="E-mail" type="email" />
              {groups.motherAndSex && (
                <>
                  <ClientField name="DE_Mae" label="Nome da mãe" />
                  <SelectField<Cliente> name="DE_Sexo" label="Sexo" options={SEXES} />
                </>
              )}
              {groups.privateCreditDetails && (
                <>
                  <h3>Documentos e trabalho</h3>
                  <ClientField name="DE_DataExpedicao" label="Data de expedição" mask="date" placeholder="dd-mm-aaaa" />
                  <ClientField name="CO_OrgaoEmissor" label="Órgão emissor" />
                  <UfField name="SG_UFEmissao" label="UF de emissão" />
                  <ClientField name="DE_Naturalidade" label="Naturalidade" />
                  <ClientField name="DT_Admissao" label="Data de admissão" mask="date" placeholder="dd-mm-aaaa" />
                  <ClientField name="CO_CNPJ" label="CNPJ" mask="cnpj" />
                  <ClientField name="VL_SalarioBruto" label="Salário bruto" mask="money" />
                  <ClientField name="VL_SalarioLiquido" label="Salário líquido" mask="money" />
                  <ClientField name="ID_TipoBeneficio" label="Tipo de benefício" inputMode="numeric" />
                  <ClientField name="CO_MatriculaBeneficio" label="Matrícula" />
                  <h3>Contato de referência</h3>
                  <ClientField name="DE_NomeReferencia" label="Nome da referência" />
                  <ClientField name="DE_TelefoneReferencia" label="Telefone da referência" inputMode="numeric" maxLength={11} />
                </>
              )}
              {groups.benefit && <BenefitFields client={client} />}
            </div>
            <div className="att-client-form__column">
              <h3>Endereço</h3>
              <div onBlur={() => void fillAddressFromCep()}>
                <ClientField name="CO_Cep" label="CEP" mask="cep" />
              </div>
              <ClientField name="DE_Endereco" label="Endereço" />
              <ClientField name="DE_Numero" label="Número" inputMode="numeric" />
              <ClientField name="DE_Complemento" label="Complemento" />
              <ClientField name="DE_Bairro" label="Bairro" />
              <ClientField name="DE_Cidade" label="Cidade" />
              <UfField name="SG_Estado" label="UF" />
              <h3>Dados bancários</h3>
              {groups.paymentMethod && <SelectField<Cliente> name="Meio_Pagamento" label="Meio de pagamento" options={PAYMENT_METHODS} numeric />}
              <SelectField<Cliente> name="CO_Banco" label="Banco" options={banks.map(({ BancoID, DE_Banco }) => ({ value: BancoID, label: `${String(BancoID).padStart(3, '0')} - ${DE_Banco}` }))} numeric />
              <ClientField name="CO_Agencia" label="Agência" inputMode="numeric" />
              <ClientField name="CO_AgenciaDV" label="Dígito da agência" inputMode="numeric" />
              <ClientField name="CO_ContaCorrente" label="Conta" inputMode="numeric" />
              <ClientField name="CO_ContaCorrenteDV" label="Dígito da conta" inputMode="numeric" />
              {groups.accountType && <SelectField<Cliente> name="ID_TipoConta" label="Tipo de conta" options={ACCOUNT_TYPES} numeric />}
            </div>
          </div>
        </fieldset>
      </form>
    </FormProvider>
  );
}
