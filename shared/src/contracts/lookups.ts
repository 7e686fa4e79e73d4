import * as z from 'zod/mini';
import { envelope } from './envelope';

// Reference lists of the registration forms (product-spec §7): the same for every company.

/** A bank; `BancoID` is its COMPE code as a number (1 is '001', Banco do Brasil). */
export const banco = z.object({ BancoID: z.int(), DE_Banco: z.string() });
export type Banco = z.infer<typeof banco>;
export const bancosResponse = envelope(z.array(banco));

/** A federative unit by its two-letter code ('SP'). */
export const estado = z.object({ SG_Estado: z.string(), DE_Estado: z.string() });
export type Estado = z.infer<typeof estado>;
export const estadosResponse = envelope(z.array(estado));

/** An INSS benefit species (21 Pensão por morte previdenciária, 41 Aposentadoria por idade, ...). */
export const especie = z.object({ EspecieID: z.int(), DE_Especie: z.string() });
export type Especie = z.infer<typeof especie>;
export const especiesResponse = envelope(z.array(especie));

/** An agency ("órgão") a campaign or client belongs to (1 FGTS, 4 INSS). */
export const orgao = z.object({ OrgaoID: z.int(), DE_Orgao: z.string() });
export type Orgao = z.infer<typeof orgao>;
export const orgaosResponse = envelope(z.array(orgao));
