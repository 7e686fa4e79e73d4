import { STATES } from '../queue/callingRules';
import { AREA_CODE_STATE, stateOfNumber } from './phoneNumbers';

describe('stateOfNumber (Anatel numbering plan)', () => {
  it('knows the 67 DDDs, each in a state the calling rules know', () => {
    expect(Object.keys(AREA_CODE_STATE)).toHaveLength(67);
    for (const state of Object.values(AREA_CODE_STATE)) expect(STATES).toContain(state);
    expect(new Set(Object.values(AREA_CODE_STATE)).size).toBe(27);
  });

  it('gives the state of a number by its DDD, and null without one', () => {
    expect(stateOfNumber('11987654321')).toBe('SP');
    expect(stateOfNumber('2133334444')).toBe('RJ');
    expect(stateOfNumber('68999998888')).toBe('AC');
    expect(stateOfNumber('97988887777')).toBe('AM');
    expect(stateOfNumber('08001234567')).toBeNull();
    expect(stateOfNumber('2033334444')).toBeNull();
  });
});
