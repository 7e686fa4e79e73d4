import { QueryClient, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { toast } from 'react-hot-toast';
import { api, errorText } from '@consig/shared';

/**
 * The one QueryClient host and remotes share (field-notes: the same library is not enough, it must be
 * the same instance). Defaults from product-spec §9 "Cached reads": dedupe 2 s, revalidate on focus,
 * retry after 5 s.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 2_000,
      refetchOnWindowFocus: true,
      retry: 1,
      retryDelay: 5_000,
    },
  },
});

interface Envelope<T> {
  success?: boolean;
  sucess?: boolean;
  text?: string;
  message?: string;
  data?: T;
}

export class ApiFailure extends Error {}

/** GET `path` and return the envelope's `data`; a `success: false` answer becomes an ApiFailure with the server's text. */
export async function getData<T>(path: string): Promise<T> {
  const { data: body } = await api.get<Envelope<T>>(path);
  if ((body.success ?? body.sucess) === false) throw new ApiFailure(body.text || body.message || 'Falha na consulta.');
  return body.data as T;
}

/** The generic cached read of product-spec §7: shows the failure text as an error toast. */
export function useApiQuery<T>(path: string, options: { enabled?: boolean } = {}) {
  const query = useQuery({ queryKey: [path], queryFn: () => getData<T>(path), ...options });
  useEffect(() => {
    if (query.error) toast.error(errorText(query.error), { id: `query:${path}` });
  }, [query.error, path]);
  return query;
}
