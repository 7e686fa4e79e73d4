import { saveAttendantsResponse, type SaveAttendantsRequest } from '@consig/shared';
import { apiSend } from '@consig/shared/query';

/** POST /cadastro/campanha/atendentes: the links listed, each selected (1) or not (0). */
export const saveCampaignAttendants = (body: SaveAttendantsRequest) =>
  apiSend({ method: 'post', path: '/cadastro/campanha/atendentes', body, response: saveAttendantsResponse });
