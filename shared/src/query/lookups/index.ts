/**
 * The reference reads every remote may need (lookups, and the company's attendants and campaigns), one copy for the page: each
 * file is one endpoint, with its query options (the key inside) and its hook, as a feature's `api/` file is.
 */
export * from './getAgencies';
export * from './getAttendants';
export * from './getBanks';
export * from './getBanksWithCode';
export * from './getCampaigns';
export * from './getSpecies';
export * from './getStates';
