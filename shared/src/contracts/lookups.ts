import * as z from 'zod/mini';
import { envelope } from './envelope';

// Reference lists of the registration forms (product-spec §7): the same for every company.

/** A bank; `BancoID` is its COMPE code as a number (1 is '001', Banco do Brasil). */
export const bank = z.object({ BancoID: z.int(), DE_Banco: z.string() });
export type Bank = z.infer<typeof bank>;
export const banksResponse = envelope(z.array(bank));

/** A federative unit by its two-letter code ('SP'). */
export const state = z.object({ SG_Estado: z.string(), DE_Estado: z.string() });
export type State = z.infer<typeof state>;
export const statesResponse = envelope(z.array(state));

/** An INSS benefit species (21 Pensão por morte previdenciária, 41 Aposentadoria por idade, ...). */
export const species = z.object({ EspecieID: z.int(), DE_Especie: z.string() });
export type Species = z.infer<typeof species>;
export const speciesResponse = envelope(z.array(species));

/** An agency ("órgão") a campaign or client belongs to (1 FGTS, 4 INSS). */
export const agency = z.object({ OrgaoID: z.int(), DE_Orgao: z.string() });
export type Agency = z.infer<typeof agency>;
export const agenciesResponse = envelope(z.array(agency));
