import { ACCOUNT_TYPES, CREDIT_TYPE, ML_BANK_IDS, operationForm, type Bank, type Operation, type OperationForm } from '@consig/shared';
import { Field, SelectField, zodResolver, type SelectOption } from '@consig/shared/forms';
import { lookupKeys, useBanksWithCode } from '@consig/shared/query';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { FormProvider, useForm, type Resolver } from 'react-hook-form';
import { useAttendanceStore, useCurrentOperations } from '../state/AttendanceContext';

/** What the block's form holds: the card's bank fields, plus what the proposal's rule reads (selection, id, term). */
interface BankValues {
  OperacaoID: number;
  NU_Parcelas: number;
  SN_Selecionado: 0 | 1;
  /** The BancoID of the select (a number, null for 'Selecione'); the store keeps the three-digit text. */
  CO_Banco: number | null;
  CO_Agencia: string;
  CO_AgenciaDV: string;
  CO_ContaCorrente: string;
  CO_ContaCorrenteDV: string;
  ID_TipoConta: number | null;
}

// The rule of a proposal's operation (product-spec §5 "Operation bank fields"), the one the API applies to
// POST crm/proposta/0: required when the operation is selected, digits only, CO_AgenciaDV optional. The cast:
// the schema types its inputs as `unknown` (it accepts what any caller sends); this form holds BankValues.
const resolver = zodResolver(operationForm) as unknown as Resolver<BankValues, unknown, OperationForm>;

const ACCOUNT_TYPE_OPTIONS: SelectOption[] = ACCOUNT_TYPES.map(({ ID_TipoConta, label }) => ({ value: ID_TipoConta, label }));
const code = (bankId: number) => String(bankId).padStart(3, '0');

function valuesOf(operation: Operation): BankValues {
  return {
    OperacaoID: operation.OperacaoID,
    NU_Parcelas: operation.NU_Parcelas,
    SN_Selecionado: operation.SN_Selecionado === 1 ? 1 : 0,
    CO_Banco: operation.CO_Banco ? Number(operation.CO_Banco) : null,
    CO_Agencia: operation.CO_Agencia ?? '',
    CO_AgenciaDV: operation.CO_AgenciaDV ?? '',
    CO_ContaCorrente: operation.CO_ContaCorrente ?? '',
    CO_ContaCorrenteDV: operation.CO_ContaCorrenteDV ?? '',
    ID_TipoConta: operation.ID_TipoConta,
  };
}

/**
 * The banks the card offers: GET /cadastro/banco/comcodigo, only the ML banks of product-spec §9 on an ML card,
 * and always the operation's own bank (so the select never hides what is stored).
 */
function bankOptions(banks: readonly Bank[], operation: Operation): SelectOption[] {
  const allowed = operation.ID_TipoCredito === CREDIT_TYPE.ML ? banks.filter((bank) => ML_BANK_IDS.includes(bank.BancoID)) : banks;
  const options = allowed.map(({ BancoID, DE_Banco }) => ({ value: BancoID, label: `${code(BancoID)} - ${DE_Banco}` }));
  const own = operation.CO_Banco ? Number(operation.CO_Banco) : null;
  if (own !== null && !options.some((option) => option.value === own))
    options.unshift({ value: own, label: `${operation.CO_Banco} - ${operation.DE_Banco ?? ''}` });
  return options;
}

/**
 * The operation card's bank and account (product-spec §3 "Operation", §5 "Operation bank fields"): each field
 * with its label and, under it, its message; the required ones ask for a value while the card is selected.
 * Every change goes to the attendance store as the attendant's change to the card (`operationChanged`), shown
 * over the server's operation; the next recalculation sends it (useRecalculation) and a proposal reads it.
 * Mount it keyed by the operation.
 */
export function OperationBankFields({ operation }: { operation: Operation }) {
  const store = useAttendanceStore();
  const currentOperations = useCurrentOperations();
  const { data: banks = [] } = useBanksWithCode();
  const form = useForm<BankValues, unknown, OperationForm>({ mode: 'onChange', defaultValues: valuesOf(operation), resolver });
  const queryClient = useQueryClient();
  const selected = operation.SN_Selecionado === 1;

  // Selecting the card asks for the required fields at once; unselecting it drops the messages.
  useEffect(() => {
    form.setValue('SN_Selecionado', selected ? 1 : 0);
    if (selected) void form.trigger();
    else form.clearErrors();
  }, [selected, form]);

  useEffect(
    () =>
      form.subscribe({
        formState: { values: true },
        callback: ({ values }) => {
          const current = currentOperations().find((candidate) => candidate.OperacaoID === values.OperacaoID);
          const bank = values.CO_Banco == null ? null : code(values.CO_Banco);
          const bankChanged = current !== undefined && bank !== current.CO_Banco;
          const bankName = () =>
            queryClient.getQueryData<Bank[]>(lookupKeys.banksWithCode())?.find((candidate) => candidate.BancoID === values.CO_Banco)
              ?.DE_Banco ?? null;
          store.dispatch({
            type: 'operationChanged',
            operationId: values.OperacaoID,
            changes: {
              CO_Banco: bank,
              ...(bankChanged ? { DE_Banco: bankName() } : {}),
              CO_Agencia: values.CO_Agencia,
              CO_AgenciaDV: values.CO_AgenciaDV,
              CO_ContaCorrente: values.CO_ContaCorrente,
              CO_ContaCorrenteDV: values.CO_ContaCorrenteDV,
              ID_TipoConta: values.ID_TipoConta,
            },
          });
        },
      }),
    [form, store, currentOperations, queryClient],
  );

  return (
    <FormProvider {...form}>
      <fieldset className="att-operation__account">
        <legend>Dados bancários da operação</legend>
        <SelectField<BankValues> name="CO_Banco" label="Banco" options={bankOptions(banks, operation)} numeric />
        <Field<BankValues> name="CO_Agencia" label="Agência" inputMode="numeric" />
        <Field<BankValues> name="CO_AgenciaDV" label="Dígito da agência" inputMode="numeric" />
        <Field<BankValues> name="CO_ContaCorrente" label="Conta" inputMode="numeric" />
        <Field<BankValues> name="CO_ContaCorrenteDV" label="Dígito da conta" inputMode="numeric" />
        <SelectField<BankValues> name="ID_TipoConta" label="Tipo de conta" options={ACCOUNT_TYPE_OPTIONS} numeric />
      </fieldset>
    </FormProvider>
  );
}
