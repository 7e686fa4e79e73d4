import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { Field, Form, SelectField, SubmitButton, type SelectOption } from '@consig/shared/forms';
import { useBanksWithCode, useSpecies, useStates } from '@consig/shared/query';
import { useRequestBatch } from './api/requestBatch';
import {
  EMPTY_BATCH_REQUEST,
  batchRequestErrors,
  toBatchRequestBody,
  withHiddenCleared,
  type BatchRequestFormValues,
} from './batchRequestBody';
import { BIRTH_YEARS, TERMS, currentSaoPauloYear, maskCount, maskMoneyDigits, maskRate, RATE_MAX_CHARACTERS } from './inputs';
import { MaskedField } from './MaskedField';
import { MultiSelectField } from './MultiSelectField';
import { AGENCY_1_PROFILES, defaultProfile, filtersOf } from './profiles';

/** The form's rules as react-hook-form reads them: one message per field, values passed through. */
const resolver: Resolver<BatchRequestFormValues> = (values) => {
  const errors = Object.fromEntries(
    Object.entries(batchRequestErrors(values)).map(([field, message]) => [field, { type: 'custom', message }]),
  );
  return Object.keys(errors).length > 0 ? { values: {}, errors } : { values, errors: {} };
};

const YEAR_OPTIONS: SelectOption[] = BIRTH_YEARS.map((year) => ({ value: year, label: String(year) }));
const TERM_OPTIONS: SelectOption[] = TERMS.map((term) => ({ value: term, label: String(term) }));
const YES_NO_OPTIONS: SelectOption[] = [
  { value: 'indiferente', label: 'Indiferente' },
  { value: 'sim', label: 'Sim' },
  { value: 'nao', label: 'Não' },
];
const BENEFIT_TYPE_OPTIONS: SelectOption[] = [
  { value: 1, label: 'Conta corrente' },
  { value: 2, label: 'Cartão magnético' },
];

const money = { format: maskMoneyDigits, inputMode: 'numeric' } as const;

interface Props {
  campaignId: number;
  /** 1 FGTS or 4 INSS: the page shows no form for the others. */
  agency: number;
}

/** The provider batch filters of product-spec §2, §5 for one campaign, per profile. */
export function BatchRequestForm({ campaignId, agency }: Props) {
  const [profile, setProfile] = useState(() => defaultProfile(agency));
  const shown = filtersOf(profile, agency);
  const form = useForm<BatchRequestFormValues>({ mode: 'onTouched', defaultValues: EMPTY_BATCH_REQUEST, resolver });
  const requestBatch = useRequestBatch();
  const species = useSpecies();
  const banks = useBanksWithCode();
  const states = useStates();

  const speciesOptions = (species.data ?? []).map((item) => ({ value: item.EspecieID, label: `${item.EspecieID} - ${item.DE_Especie}` }));
  const bankOptions = (banks.data ?? []).map((bank) => ({
    value: bank.BancoID,
    label: `${String(bank.BancoID).padStart(3, '0')} - ${bank.DE_Banco}`,
  }));
  const stateOptions = (states.data ?? []).map((state) => ({ value: state.SG_Estado, label: state.DE_Estado }));

  const chooseProfile = (next: number) => {
    setProfile(next);
    // What the new profile hides is emptied, so it neither filters unseen nor blocks the submit with a hidden error.
    form.reset(withHiddenCleared(form.getValues(), filtersOf(next, agency)));
  };

  const submit = async (values: BatchRequestFormValues) => {
    const body = toBatchRequestBody(values, campaignId, shown, currentSaoPauloYear());
    // A refusal is already an error toast (useApiMutation); the filters stay for another try.
    await requestBatch.mutateAsync(body).catch(() => undefined);
  };

  return (
    <>
      {agency === 1 ? (
        <div className="consig-field batch-request__profile">
          <label htmlFor="batch-request-profile">Perfil</label>
          <select id="batch-request-profile" value={profile} onChange={(event) => chooseProfile(Number(event.target.value))}>
            {/* The default profile (the query number × 10, product-spec §9) has no preset: every filter shows. */}
            <option value={defaultProfile(agency)}>Selecione</option>
            {AGENCY_1_PROFILES.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <Form form={form} onSubmit={submit} aria-label="Filtros do lote" className="batch-request__filters">
        {shown.has('idade') ? (
          <>
            <SelectField<BatchRequestFormValues> name="MN_AnoNascimento" label="Ano de nascimento inicial" options={YEAR_OPTIONS} numeric />
            <SelectField<BatchRequestFormValues> name="MX_AnoNascimento" label="Ano de nascimento final" options={YEAR_OPTIONS} numeric />
          </>
        ) : null}
        {shown.has('prazo') ? (
          <>
            <SelectField<BatchRequestFormValues> name="MN_Prazo" label="Prazo mínimo" options={TERM_OPTIONS} numeric />
            <SelectField<BatchRequestFormValues> name="MX_Prazo" label="Prazo máximo" options={TERM_OPTIONS} numeric />
          </>
        ) : null}
        {shown.has('salario') ? (
          <>
            <MaskedField name="MN_Salario" label="Salário mínimo" {...money} />
            <MaskedField name="MX_Salario" label="Salário máximo" {...money} />
          </>
        ) : null}
        {shown.has('parcelaPaga') ? (
          <>
            <MaskedField name="MN_ParcelaPaga" label="Parcelas pagas mínimo" format={(typed) => maskCount(typed, 3)} />
            <MaskedField name="MX_ParcelaPaga" label="Parcelas pagas máximo" format={(typed) => maskCount(typed, 3)} />
          </>
        ) : null}
        {shown.has('taxa') ? <MaskedField name="MN_Taxa" label="Taxa mínima" format={maskRate} maxLength={RATE_MAX_CHARACTERS} /> : null}
        {shown.has('margem35') ? (
          <>
            <MaskedField name="MN_Margem35" label="Margem 35% mínima" {...money} />
            <MaskedField name="MX_Margem35" label="Margem 35% máxima" {...money} />
          </>
        ) : null}
        {shown.has('cep') ? (
          <>
            <Field<BatchRequestFormValues> name="MN_Cep" label="CEP inicial" mask="cep" />
            <Field<BatchRequestFormValues> name="MX_Cep" label="CEP final" mask="cep" />
          </>
        ) : null}
        {shown.has('pmt') ? (
          <>
            <MaskedField name="MN_Pmt" label="PMT mínima" {...money} />
            <MaskedField name="MX_Pmt" label="PMT máxima" {...money} />
          </>
        ) : null}
        {shown.has('contratos') ? (
          <>
            <MaskedField name="MN_Contratos" label="Contratos mínimo" format={(typed) => maskCount(typed, 3)} />
            <MaskedField name="MX_Contratos" label="Contratos máximo" format={(typed) => maskCount(typed, 3)} />
          </>
        ) : null}
        {shown.has('inicioBeneficio') ? (
          <>
            <Field<BatchRequestFormValues> name="MN_InicioBeneficio" label="Início do benefício de" mask="date" placeholder="dd-mm-aaaa" />
            <Field<BatchRequestFormValues> name="MX_InicioBeneficio" label="Início do benefício até" mask="date" placeholder="dd-mm-aaaa" />
          </>
        ) : null}
        {shown.has('representante') ? (
          <SelectField<BatchRequestFormValues> name="SN_Representante" label="Representante" options={YES_NO_OPTIONS} />
        ) : null}
        {shown.has('rcmUtilizado') ? (
          <SelectField<BatchRequestFormValues> name="SN_RcmUtilizado" label="RCM utilizado" options={YES_NO_OPTIONS} />
        ) : null}
        {shown.has('tipoBeneficio') ? (
          <SelectField<BatchRequestFormValues> name="TP_Beneficio" label="Tipo de recebimento" options={BENEFIT_TYPE_OPTIONS} numeric />
        ) : null}
        {shown.has('especies') ? <MultiSelectField name="especies" label="Espécies" options={speciesOptions} /> : null}
        {shown.has('bancoEmprestimo') ? (
          <MultiSelectField name="bancoEmprestimo" label="Bancos de empréstimo" options={bankOptions} />
        ) : null}
        {shown.has('bancoPagamento') ? <MultiSelectField name="bancoPagamento" label="Bancos de pagamento" options={bankOptions} /> : null}
        {shown.has('estados') ? <MultiSelectField name="estados" label="Estados" options={stateOptions} /> : null}
        <MaskedField name="NU_Clientes" label="Limite de clientes" format={(typed) => maskCount(typed, 6)} />
        <div className="batch-request__actions">
          <SubmitButton busyLabel="Solicitando...">Solicitar lote</SubmitButton>
          <button type="button" className="consig-button consig-button--ghost" onClick={() => form.reset(EMPTY_BATCH_REQUEST)}>
            Limpar campos
          </button>
        </div>
      </Form>
    </>
  );
}
