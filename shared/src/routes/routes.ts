/**
 * The product's addresses (product-spec §2 route table), built in one place so a link in one remote and the
 * route of another cannot drift apart.
 */
export const ROUTES = {
  signIn: '/',
  dashboard: '/dashboard',
  attendance: '/atendimento',
  campaigns: '/campanhas',
  followup: '/acompanhamentos',
} as const;

/** Links that carry parameters. */
export const routeLinks = {
  /** The client service screen of a client (a lead's row, an answered call): /atendimento?clientId={id}. */
  attendance: (clientId: number | string) => `${ROUTES.attendance}?clientId=${encodeURIComponent(clientId)}`,
  /**
   * The client service screen with 'Novo Cliente' open and `phone` (DDD + number, digits) as the new client's
   * phone (an answered call from a number that is no client's): /atendimento?novoCliente=1&telefone={phone}.
   */
  newClient: (phone: string) => `${ROUTES.attendance}?novoCliente=1&telefone=${encodeURIComponent(phone)}`,
};
