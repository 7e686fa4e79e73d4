/**
 * Phone numbers as the call's two ends write them, brought to the form the company's data keeps them in
 * (docs/rules.md "Calls"): DDD + number, 10 or 11 digits, as `telefone` (co_ddd || co_telefone),
 * `nao_perturbe` and `numero_empresa` hold them. Pure. `nationalNumber` lives in @consig/shared/format, so the
 * softphone reads a caller's number by the same rule (its screen-pop of an unknown number).
 */
import { areaCodeOf } from '@consig/shared/format';

/**
 * The state each DDD serves, from Anatel's numbering plan (Plano Geral de Códigos Nacionais, Resolução
 * Anatel 263/2001 and its annex of area codes). Not dated: area codes have not moved between states since
 * the plan was made. A few DDDs reach into a neighbouring state (61 serves the Federal District and towns of
 * Goiás around it); each is listed under the state of its main city, which is what matters here: the client's
 * time zone when the client's own state is unknown (docs/rules.md "Calls").
 */
export const AREA_CODE_STATE: Readonly<Record<string, string>> = {
  ...Object.fromEntries(['11', '12', '13', '14', '15', '16', '17', '18', '19'].map((ddd) => [ddd, 'SP'])),
  21: 'RJ',
  22: 'RJ',
  24: 'RJ',
  27: 'ES',
  28: 'ES',
  31: 'MG',
  32: 'MG',
  33: 'MG',
  34: 'MG',
  35: 'MG',
  37: 'MG',
  38: 'MG',
  41: 'PR',
  42: 'PR',
  43: 'PR',
  44: 'PR',
  45: 'PR',
  46: 'PR',
  47: 'SC',
  48: 'SC',
  49: 'SC',
  51: 'RS',
  53: 'RS',
  54: 'RS',
  55: 'RS',
  61: 'DF',
  62: 'GO',
  64: 'GO',
  63: 'TO',
  65: 'MT',
  66: 'MT',
  67: 'MS',
  68: 'AC',
  69: 'RO',
  71: 'BA',
  73: 'BA',
  74: 'BA',
  75: 'BA',
  77: 'BA',
  79: 'SE',
  81: 'PE',
  87: 'PE',
  82: 'AL',
  83: 'PB',
  84: 'RN',
  85: 'CE',
  88: 'CE',
  86: 'PI',
  89: 'PI',
  91: 'PA',
  93: 'PA',
  94: 'PA',
  92: 'AM',
  97: 'AM',
  95: 'RR',
  96: 'AP',
  98: 'MA',
  99: 'MA',
};

/** The state of a national number's DDD; null for a non-geographic number or a DDD not in the plan. */
export function stateOfNumber(number: string): string | null {
  const ddd = areaCodeOf(number);
  return (ddd && AREA_CODE_STATE[ddd]) || null;
}
