import { speciesResponse } from '@consig/shared';
import { queryOptions } from '@tanstack/react-query';
import { lookupKeys } from '../keys';
import { apiGet, type RequestConfig } from '../request';
import { useApiQuery } from '../useApiQuery';

/** GET /cadastro/especie: the INSS benefit species (EspecieID, DE_Especie), to name the client's Espécie and filter a batch. */
export const getSpecies = (config?: RequestConfig) => apiGet('/cadastro/especie', speciesResponse, config);

export const getSpeciesQueryOptions = () =>
  queryOptions({ queryKey: lookupKeys.species(), queryFn: ({ signal }) => getSpecies({ signal }) });

export const useSpecies = () => useApiQuery(getSpeciesQueryOptions());
