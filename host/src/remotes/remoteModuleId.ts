/** The id loadRemote takes for an exposed module: 'mf_campaigns' + './Campaigns' → 'mf_campaigns/Campaigns'. */
export const remoteModuleId = (remote: string, module: string) => `${remote}/${module.replace(/^\.\//, '')}`;
