import { PROPOSAL_STATUSES, ROLE } from './domain';
import { allowedStatusTargets, PROPOSAL_STATUS_TEXT, statusChangeRefusal } from './proposalStatus';

// docs/rules.md "Proposal status by role", read literally: an attendant only cancels (90) their own proposal while it is in 10/20/30;
// a supervisor moves between 10, 20, 30, 40, 90, 91; only a manager sets 50 and 60 and moves out of 60/90/91
// (and of 50, which is not among the supervisor's).
const ALL = PROPOSAL_STATUSES.map((status) => status.StatusID);
const SUPERVISOR = [10, 20, 30, 40, 90, 91];

describe('allowedStatusTargets', () => {
  it.each(ALL)('an attendant on their own proposal in %i', (from) => {
    expect(allowedStatusTargets({ role: ROLE.ATENDENTE, own: true }, from, ALL)).toEqual([10, 20, 30].includes(from) ? [90] : []);
  });

  it.each(ALL)("an attendant on someone else's proposal in %i: nothing", (from) => {
    expect(allowedStatusTargets({ role: ROLE.ATENDENTE, own: false }, from, ALL)).toEqual([]);
  });

  it.each(ALL)('a supervisor in %i', (from) => {
    const expected = [10, 20, 30, 40].includes(from) ? SUPERVISOR.filter((to) => to !== from) : [];
    expect(allowedStatusTargets({ role: ROLE.SUPERVISOR, own: false }, from, ALL)).toEqual(expected);
  });

  it.each(ALL)('a manager in %i: every other status', (from) => {
    expect(allowedStatusTargets({ role: ROLE.GERENTE, own: false }, from, ALL)).toEqual(ALL.filter((to) => to !== from));
  });

  it('offers only candidates it was given, never the current status', () => {
    expect(allowedStatusTargets({ role: ROLE.GERENTE, own: true }, 20, [20, 60])).toEqual([60]);
  });

  it('offers nothing to an unknown role', () => {
    expect(allowedStatusTargets({ role: 0, own: true }, 10, ALL)).toEqual([]);
  });
});

describe('statusChangeRefusal', () => {
  it('names the rule broken', () => {
    expect(statusChangeRefusal({ role: ROLE.ATENDENTE, own: true }, 20, 60)).toBe(PROPOSAL_STATUS_TEXT.attendantOnlyCancels);
    expect(statusChangeRefusal({ role: ROLE.SUPERVISOR, own: false }, 40, 50)).toBe(PROPOSAL_STATUS_TEXT.managerOnlyTarget);
    expect(statusChangeRefusal({ role: ROLE.SUPERVISOR, own: false }, 90, 10)).toBe(PROPOSAL_STATUS_TEXT.managerOnlyFrom);
    expect(statusChangeRefusal({ role: ROLE.GERENTE, own: false }, 90, 10)).toBeNull();
  });

  it('does not judge the same status again (no change)', () => {
    expect(statusChangeRefusal({ role: ROLE.ATENDENTE, own: false }, 60, 60)).toBeNull();
  });
});
