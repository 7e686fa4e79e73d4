import { ROLE, ROLE_LABELS, type PersonRow } from '@consig/shared';

/**
 * What the caller may do to a person, as the API decides it (docs/rules.md "People"): managers (13) manage everyone
 * of the company, supervisors (12) attendants only; nobody deactivates themself. The screen offers only that; the
 * API refuses the rest anyway.
 */
export const mayManage = (callerRole: number | undefined, person: Pick<PersonRow, 'ID_Funcao'>) =>
  callerRole === ROLE.GERENTE || (callerRole === ROLE.SUPERVISOR && person.ID_Funcao === ROLE.ATENDENTE);

/** The roles the caller may give: every one for a manager, attendant only for a supervisor. */
export const rolesGivenBy = (callerRole: number | undefined) =>
  (callerRole === ROLE.GERENTE ? [ROLE.ATENDENTE, ROLE.SUPERVISOR, ROLE.GERENTE] : [ROLE.ATENDENTE]).map((role) => ({
    value: role,
    label: ROLE_LABELS[role],
  }));
