import { formatCallTimer } from './formatCallTimer';

test.each([
  [0, '00:00'],
  [9, '00:09'],
  [61, '01:01'],
  [600, '10:00'],
  [3599, '59:59'],
  [3600, '00:00'], // wraps at 59:59 (product-spec §9)
  [3661, '01:01'],
])('%i s reads %s', (seconds, text) => {
  expect(formatCallTimer(seconds)).toBe(text);
});
