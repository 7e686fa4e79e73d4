import { basicClientResponse, type ClientFormInput } from '@consig/shared';
import { apiSend } from '@consig/shared/query';

/**
 * PUT /crm/cliente/{ClienteID} ('Salvar' in edit mode, an extension): the client form in full mode; answers
 * 'Cadastro salvo.' with the record as saved, or 400 naming the field (nothing saved).
 */
export const saveClient = (client: ClientFormInput & { ClienteID: number }) =>
  apiSend({ method: 'put', path: `/crm/cliente/${client.ClienteID}`, body: client, response: basicClientResponse });
