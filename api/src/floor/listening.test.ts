import { participants } from './listening';

test("the call's own participants are rtpengine's tags without earlier listeners'", () => {
  expect(participants({ result: 'ok', tags: { ana: {}, carrier: {}, 'escuta-1.0': {}, 'escuta-1.1': {} } })).toEqual(['ana', 'carrier']);
  expect(participants({ result: 'ok' })).toEqual([]);
});
