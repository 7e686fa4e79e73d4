/** Credit types (ID_TipoCredito of CREDIT_TYPES in @consig/shared) that change which client fields show. */
const INSS = 1;
const ML = 2;
const FGTS = 4;
/** Crédito Privado (CCP). */
const CCP = 5;

export interface ClientFieldGroups {
  /** Mother's name and sex. */
  motherAndSex: boolean;
  /** Salaries, issue date, admission date, CNPJ, issuing organ, UF, birthplace, reference contact, benefit type and registration. */
  privateCreditDetails: boolean;
  /** Meio_Pagamento. */
  paymentMethod: boolean;
  /** ID_TipoConta. */
  accountType: boolean;
  /** The INSS benefit (NB, Bloqueio, DIB, DDB, Espécie, representante legal): read-only, product-spec §4 "Client form". */
  benefit: boolean;
}

/**
 * Which client fields the form shows for the selected credit type (product-spec §5 "Client fields shown per
 * credit type"); name, CPF, birth date, phone, e-mail, address and bank data show for every type. 0 (no
 * operation selected) shows only those.
 */
export function clientFieldGroups(creditType: number): ClientFieldGroups {
  return {
    motherAndSex: creditType === FGTS || creditType === CCP,
    privateCreditDetails: creditType === CCP,
    paymentMethod: creditType === INSS || creditType === ML,
    accountType: [FGTS, CCP, INSS, ML].includes(creditType),
    benefit: creditType === INSS || creditType === ML,
  };
}
