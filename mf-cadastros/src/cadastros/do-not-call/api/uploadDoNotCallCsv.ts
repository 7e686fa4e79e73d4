import { doNotDisturbCsvResponse, TOAST_MS, type DoNotDisturbCsvRequest } from '@consig/shared';
import { apiSend, doNotCallKeys, useApiMutation } from '@consig/shared/query';

/**
 * POST /cadastro/naoperturbe/csv: the numbers of a CSV or text file (a data URL), one per line in its first column,
 * all or nothing; answers how many were added, were there already and were invalid (the first lines' numbers).
 */
export const uploadDoNotCallCsv = (body: DoNotDisturbCsvRequest) =>
  apiSend({ method: 'post', path: '/cadastro/naoperturbe/csv', body, response: doNotDisturbCsvResponse });

export const useUploadDoNotCallCsv = () =>
  useApiMutation({ mutationFn: uploadDoNotCallCsv, invalidates: [doNotCallKeys.all], toastDuration: TOAST_MS.screens });
