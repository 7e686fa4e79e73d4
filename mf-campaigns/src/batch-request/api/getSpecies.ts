import { especiesResponse } from '@consig/shared';
import { apiGet, lookupKeys, useApiQuery } from '@consig/shared/query';
import { queryOptions } from '@tanstack/react-query';

/** GET /cadastro/especie: the INSS benefit species, the batch filter's 'Espécies' choices. */
export const getSpecies = () => apiGet('/cadastro/especie', especiesResponse);

// The shared lookup key: the attendance screen caches the same list under it.
export const useSpecies = () => useApiQuery(queryOptions({ queryKey: lookupKeys.species(), queryFn: getSpecies }));
