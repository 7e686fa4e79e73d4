import { z } from 'zod';
import { envelope } from './envelope';

export const campanha = z.object({
  CampanhaID: z.number().int(),
  DE_Campanha: z.string(),
  CO_Campanha: z.string(),
  ID_Orgao: z.number().int(),
  ID_Status: z.number().int(),
  importacao: z.object({ ID_Status: z.number().int() }).nullable(),
  NU_Higienizados: z.number().int(),
  NU_Importados: z.number().int(),
  TS_Baixa: z.string().nullable(),
  TS_Solicitacao: z.string().nullable(),
});
export type Campanha = z.infer<typeof campanha>;
export const campanhasResponse = envelope(z.array(campanha));
