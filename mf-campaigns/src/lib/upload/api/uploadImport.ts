import { importUploadResponse, type ImportUploadRequest } from '@consig/shared';
import { apiSend } from '@consig/shared/query';

/**
 * POST /importacao/upload: the file as a data URL; the API answers at once with the import's id. `onProgress`
 * gets the share of the file sent so far (0 to 1), for the upload bar: a 60 MB file takes a while.
 */
export const uploadImport = (body: ImportUploadRequest, onProgress: (fraction: number) => void) =>
  apiSend({ method: 'post', path: '/importacao/upload', body, response: importUploadResponse, onUploadProgress: onProgress });
