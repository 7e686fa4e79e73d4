import { satisfies, unmetRequirements } from './compatibility';

describe('satisfies', () => {
  it.each([
    ['0.1.0', '^0.1.0', true],
    ['0.1.5', '^0.1.0', true],
    ['0.2.0', '^0.1.0', false],
    ['1.4.0', '^1.2.3', true],
    ['2.0.0', '^1.2.3', false],
    ['19.3.1', '19.3.1', true],
    ['19.3.2', '19.3.1', false],
    ['1.2.9', '~1.2.3', true],
    ['1.3.0', '~1.2.3', false],
    ['5.0.0', '>=4.0.0 <6', true],
    ['6.0.0', '>=4.0.0 <6', false],
    ['2.0.0', '^1.0.0 || ^2.0.0', true],
    ['0.1.0', '*', true],
  ])('%s in %s: %s', (version, range, expected) => {
    expect(satisfies(version, range)).toBe(expected);
  });
});

describe('unmetRequirements', () => {
  const provided = { react: '19.3.1', '@consig/shared': '0.1.0' };

  it('is empty when the host satisfies every range the remote was built against', () => {
    expect(unmetRequirements({ react: '19.3.1', '@consig/shared': '^0.1.0' }, provided)).toEqual([]);
  });

  it('names a shared package built against another major, and a singleton the host does not provide', () => {
    expect(unmetRequirements({ '@consig/shared': '^2.0.0', 'react-hook-form': '7.92.0', react: '19.3.1' }, provided)).toEqual([
      { name: '@consig/shared', range: '^2.0.0', provided: '0.1.0' },
      { name: 'react-hook-form', range: '7.92.0', provided: null },
    ]);
  });
});
