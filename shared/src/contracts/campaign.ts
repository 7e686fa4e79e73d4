import * as z from 'zod/mini';
import { envelope } from './envelope';

export const campanha = z.object({
  CampanhaID: z.int(),
  DE_Campanha: z.string(),
  CO_Campanha: z.string(),
  ID_Orgao: z.int(),
  ID_Status: z.int(),
  importacao: z.nullable(z.object({ ID_Status: z.int() })),
  NU_Higienizados: z.int(),
  NU_Importados: z.int(),
  TS_Baixa: z.nullable(z.string()),
  TS_Solicitacao: z.nullable(z.string()),
});
export type Campanha = z.infer<typeof campanha>;
export const campanhasResponse = envelope(z.array(campanha));
