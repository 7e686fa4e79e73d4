import type { AgentFactory } from './softphone';

/**
 * The JsSIP agent, fetched only when a user with telephony signs in: JsSIP is most of this remote's code,
 * and supervisors and users with telephony off never need it.
 */
export const loadJssipAgent: AgentFactory = async (options) => (await import('./jssipAgent')).createJssipAgent(options);
