import { NO_FILTER, proposalFilterPath, type ProposalFilters } from './followup';

// product-spec §7: GET /crm/proposta/{status}/{bank}/{attendant}/{indicator} with the optional suffix
// /0/{start}/{end}; start only /0/{start}; end only /0/00000000/{end}; the CSV export takes the same shape.
const none: ProposalFilters = { status: NO_FILTER, bank: NO_FILTER, attendant: NO_FILTER, indicator: NO_FILTER };
const some: ProposalFilters = { status: 50, bank: 341, attendant: 7, indicator: 3 };

describe('proposalFilterPath', () => {
  it.each([
    ['no dates', {}, '/crm/proposta/50/341/7/3'],
    ['both dates', { start: '20260301', end: '20260315' }, '/crm/proposta/50/341/7/3/0/20260301/20260315'],
    ['start only', { start: '20260301' }, '/crm/proposta/50/341/7/3/0/20260301'],
    ['end only', { end: '20260315' }, '/crm/proposta/50/341/7/3/0/00000000/20260315'],
    ['empty dates count as none', { start: '', end: '' }, '/crm/proposta/50/341/7/3'],
  ])('%s', (_case, days, path) => {
    expect(proposalFilterPath('/crm/proposta', { ...some, ...days })).toBe(path);
  });

  it("puts 0 for every filter left at 'Selecione'", () => {
    expect(proposalFilterPath('/crm/proposta', none)).toBe('/crm/proposta/0/0/0/0');
  });

  it('builds the CSV export on the same shape', () => {
    expect(proposalFilterPath('/crm/proposta/csv', { ...none, end: '20261122' })).toBe('/crm/proposta/csv/0/0/0/0/0/00000000/20261122');
  });
});
