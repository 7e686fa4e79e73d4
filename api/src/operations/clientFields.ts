import { clientFormSimulator, type updateOperationRequest, type Client, type ClientForm } from '@consig/shared/contracts';
import { cnpjCharacters } from '@consig/shared/format';
import { safeParse, type output } from 'zod/mini';

type UpdateBody = output<typeof updateOperationRequest>;

/**
 * The client fields POST /crm/atualizaOperacao carries (product-spec §7) and the client form field each one
 * is (shared/src/contracts/clientForm.ts): the recalculation saves them as the proposal does.
 */
const CARRIED = [
  ['DE_Telefone', 'DE_Telefone'],
  ['DE_Pessoa', 'DE_Pessoa'],
  ['EM_Email', 'EM_Email'],
  ['DT_Admissao', 'DT_Admissao'],
  ['CO_Cep', 'CO_Cep'],
  ['CO_CNPJ', 'CO_CNPJ'],
  ['DT_Nascimento', 'DE_Nascimento'],
  ['VL_Salario', 'VL_SalarioBruto'],
] as const satisfies readonly (readonly [keyof UpdateBody, keyof Client])[];

type CarriedField = (typeof CARRIED)[number][1];
export type CarriedClientFields = Partial<Pick<Client, CarriedField>>;

/** §7 sends dates with the dashes removed ('12031958'); the form's rules and storage read 'dd/mm/yyyy'. */
const formDate = (value: string) => (/^\d{8}$/.test(value) ? `${value.slice(0, 2)}/${value.slice(2, 4)}/${value.slice(4)}` : value);

/**
 * The client fields of the request, as the client form holds them. Left out or null: not sent. The name and
 * the phone are required on the form, so '' there means "not typed yet" rather than "erase": the phone joins
 * the client's list (a list is never shortened here) and a name is never blanked by a recalculation. Any
 * other '' clears its field, as the form would.
 */
export function carriedClientFields(body: UpdateBody): CarriedClientFields {
  const carried: CarriedClientFields = {};
  for (const [sent, field] of CARRIED) {
    const value = body[sent];
    if (value == null) continue;
    if ((field === 'DE_Pessoa' || field === 'DE_Telefone') && value.trim() === '') continue;
    carried[field] = field === 'DE_Nascimento' || field === 'DT_Admissao' ? formDate(value) : value;
  }
  return carried;
}

/**
 * The first carried field that breaks the client form's rules (simulator mode: the recalculation is no
 * submit, so the address and e-mail stay optional; formats are checked all the same), as the 400 text
 * '{request field}: {message}'; null when all pass. Rules of fields the request did not carry are the
 * proposal's business, not this request's.
 */
export function clientFieldsIssue(record: Client, carried: CarriedClientFields): string | null {
  const result = safeParse(clientFormSimulator, { ...record, ...carried });
  if (result.success) return null;
  for (const issue of result.error.issues) {
    const entry = CARRIED.find(([, field]) => field === issue.path[0] && field in carried);
    if (entry) return `${entry[0]}: ${issue.message}`;
  }
  return null;
}

/**
 * The client's whole form with the carried fields applied, for clients.repository `update` (which writes
 * every field, so the others go back as they were read); null when the client has no phone and none was
 * carried, since the form (and `update`) need one.
 */
export function mergedClientForm(record: Client, carried: CarriedClientFields): ClientForm | null {
  const merged = { ...record, ...carried };
  if (!merged.DE_Telefone) return null;
  return { ...merged, CO_CNPJ: cnpjCharacters(merged.CO_CNPJ) };
}
