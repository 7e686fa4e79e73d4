import { NO_STATUS, toggledStatus } from './useFollowupFilters';

it('selects a clicked status and clears it to 0 when clicked again', () => {
  expect(toggledStatus(NO_STATUS, 26)).toBe(26);
  expect(toggledStatus(26, 35)).toBe(35);
  expect(toggledStatus(35, 35)).toBe(0);
});
