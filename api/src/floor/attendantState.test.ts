import { deriveState, type StateFacts } from './attendantState';

const at = (minute: number) => `2026-11-27T12:${String(minute).padStart(2, '0')}:00Z`;
const base: StateFacts = { present: true, pauseReason: null, latestCall: null, lastActionAt: null };
const ended = (minute: number, answered = true) => ({ id: 7, open: false, answered, endedAt: at(minute), internal: false });
const open = (answered: boolean) => ({ id: 7, open: true, answered, endedAt: null, internal: false });

test('signed in, no call, no pause: available; gone from every instance: offline whatever else holds', () => {
  expect(deriveState(base)).toEqual({ state: 'disponivel', reasonId: null, callId: null });
  expect(deriveState({ ...base, present: false, pauseReason: 202, latestCall: open(true) })).toEqual({
    state: 'offline',
    reasonId: null,
    callId: null,
  });
});

test('an open call is ringing until answered, then in call, whatever the pause says', () => {
  expect(deriveState({ ...base, pauseReason: 203, latestCall: open(false) }).state).toBe('tocando');
  expect(deriveState({ ...base, latestCall: open(true) })).toEqual({
    state: 'em_ligacao',
    reasonId: null,
    callId: 7,
  });
});

test('an answered call that ended is after-call work until an outcome or a status change is recorded after it', () => {
  expect(deriveState({ ...base, latestCall: ended(10) })).toEqual({ state: 'pos_atendimento', reasonId: null, callId: 7 });
  expect(deriveState({ ...base, latestCall: ended(10), lastActionAt: at(9) }).state).toBe('pos_atendimento');
  expect(deriveState({ ...base, latestCall: ended(10), lastActionAt: at(11) }).state).toBe('disponivel');
  expect(deriveState({ ...base, latestCall: ended(10), lastActionAt: at(11), pauseReason: 202 })).toEqual({
    state: 'pausa',
    reasonId: 202,
    callId: null,
  });
});

test('a call that was never answered leaves no after-call work', () => {
  expect(deriveState({ ...base, latestCall: ended(10, false) }).state).toBe('disponivel');
  expect(deriveState({ ...base, latestCall: ended(10, false), pauseReason: 205 }).state).toBe('pausa');
});

test('a call between two extensions (no client, no outcome) leaves no after-call work', () => {
  expect(deriveState({ ...base, latestCall: { ...ended(10), internal: true } }).state).toBe('disponivel');
  expect(deriveState({ ...base, latestCall: { ...open(true), internal: true } }).state).toBe('em_ligacao');
});
