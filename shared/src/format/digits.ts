/** Keeps only the digits 0-9. Masks, validators and API payloads all start from this (CPF, CEP, CNPJ and phones are sent digits only). */
export function digitsOnly(value: string | null | undefined): string {
  return (value ?? '').replace(/\D/g, '');
}
