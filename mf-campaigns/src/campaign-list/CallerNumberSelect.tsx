import { formatPhoneNumber, type Campaign, type CompanyNumber } from '@consig/shared';
import { useCompanyNumbers } from './api/getCompanyNumbers';
import { useSetCampaignNumber } from './api/setCampaignNumber';

/** The option value standing for null: the company's main number. */
const MAIN = '';

/** 'Principal da empresa ((11) 3003-0303)'; the main number's digits once the list has arrived. */
export const mainNumberLabel = (main: CompanyNumber | undefined) =>
  main ? `Principal da empresa (${formatPhoneNumber(main.NU_Numero)})` : 'Principal da empresa';

/** '(11) 4004-4004 — Campanhas INSS'. */
export const numberLabel = (number: CompanyNumber) =>
  number.DE_Numero ? `${formatPhoneNumber(number.NU_Numero)} — ${number.DE_Numero}` : formatPhoneNumber(number.NU_Numero);

/**
 * The campaign's caller number (docs/rules.md "Calls" → "Numbers"): the company's main one (null) or
 * one of its numbers, saved as soon as it changes (supervisors and managers; the caller decides).
 */
export function CallerNumberSelect({ campaign }: { campaign: Campaign }) {
  const numbers = useCompanyNumbers();
  const save = useSetCampaignNumber();
  const list = numbers.data ?? [];
  // While the write and the list's refresh run, the select keeps the choice just made.
  const chosen = save.isPending && save.variables ? save.variables.ID_Numero : (campaign.ID_NumeroSaida ?? null);

  return (
    <select
      aria-label={`Número de saída da campanha ${campaign.CO_Campanha}`}
      value={chosen === null ? MAIN : String(chosen)}
      disabled={numbers.isPending || save.isPending}
      onChange={(event) => {
        const value = event.target.value;
        save.mutate({ id: campaign.CampanhaID, ID_Numero: value === MAIN ? null : Number(value) });
      }}
    >
      <option value={MAIN}>{mainNumberLabel(list.find((number) => number.SN_Principal === 1))}</option>
      {list.map((number) => (
        <option key={number.ID_Numero} value={String(number.ID_Numero)}>
          {numberLabel(number)}
        </option>
      ))}
    </select>
  );
}
