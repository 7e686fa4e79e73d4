import { Loading } from '@consig/shared';

/** What the loading indicator says once a first load has taken 3 s (product-spec §9 "loading-slow"). */
export const SLOW_LOADING_TEXT = 'Ainda carregando... a conexão está lenta.';

/** The loading indicator of a cached read: `<QueryLoading slow={query.isSlow} />`. */
export function QueryLoading({ slow = false }: { slow?: boolean }) {
  return <Loading label={slow ? SLOW_LOADING_TEXT : undefined} />;
}
