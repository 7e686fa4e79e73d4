import { especiesResponse } from '@consig/shared';
import { apiGet, lookupKeys, useApiQuery } from '@consig/shared/query';
import { queryOptions } from '@tanstack/react-query';

/** GET /cadastro/especie: the INSS benefit species (EspecieID, DE_Especie), to name the client's Espécie. */
export const getSpecies = () => apiGet('/cadastro/especie', especiesResponse);

export const getSpeciesQueryOptions = () => queryOptions({ queryKey: lookupKeys.species(), queryFn: getSpecies });

export const useSpecies = () => useApiQuery(getSpeciesQueryOptions());
