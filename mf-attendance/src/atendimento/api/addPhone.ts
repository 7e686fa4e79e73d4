import type { PhoneRequest } from '@consig/shared';
import { apiSend } from '@consig/shared/query';

/** POST /cadastro/telefone: adds a mobile (DDD + 9 digits) to the client; answers 'Telefone cadastrado.'. */
export const addPhone = (request: PhoneRequest) => apiSend({ method: 'post', path: '/cadastro/telefone', body: request });
