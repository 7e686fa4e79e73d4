import * as z from 'zod/mini';
import { envelope } from './envelope';

// The company's numbers at the carrier (table numero_empresa; docs/rules.md "Calls" → "Numbers"):
// the main one is the caller number by default, a campaign may choose another (PUT /cadastro/campanha/{id}/numero).

/** One number: DDD + number (10 or 11 digits) or a non-geographic one (0303…); SN_Principal 1 = the main number, SN_Entrada 1 = a DID. */
export const companyNumber = z.object({
  ID_Numero: z.int(),
  NU_Numero: z.string(),
  DE_Numero: z.string(),
  SN_Principal: z.int(),
  SN_Entrada: z.int(),
});
export type CompanyNumber = z.infer<typeof companyNumber>;

/** GET /cadastro/numeros: the company's numbers, the main one first. */
export const companyNumbersResponse = envelope(z.array(companyNumber));
