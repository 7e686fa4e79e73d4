/**
 * Version skew between the host and a remote (docs/architecture.md "Independent deployment"): a remote
 * declares in its manifest the range of @consig/shared and of each singleton it was built against; the
 * host provides one copy of each. A remote whose range the host's copy does not satisfy is refused (shown
 * as unavailable) instead of running against a library it was not built for, or loading a second React.
 */

type Version = [number, number, number];

function parseVersion(text: string): Version | null {
  const match = /^v?(\d+)(?:\.(\d+))?(?:\.(\d+))?(?:[-+].*)?$/.exec(text.trim());
  return match ? [Number(match[1]), Number(match[2] ?? 0), Number(match[3] ?? 0)] : null;
}

function compare(a: Version, b: Version) {
  for (let i = 0; i < 3; i += 1) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return 0;
}

/** Whether `version` satisfies one comparator: 1.2.3, =1.2.3, ^1.2.3, ~1.2.3, >=, >, <=, <, * or x. */
function satisfiesComparator(version: Version, comparator: string): boolean {
  if (comparator === '*' || comparator === 'x' || comparator === '') return true;
  const match = /^(\^|~|>=|<=|>|<|=)?\s*(.+)$/.exec(comparator);
  const wanted = match && parseVersion(match[2]!);
  if (!wanted) return false;
  const order = compare(version, wanted);
  switch (match[1]) {
    case '^': {
      // ^1.2.3 := >=1.2.3 <2.0.0; ^0.2.3 := >=0.2.3 <0.3.0; ^0.0.3 := exactly 0.0.3 (npm's rules).
      const upper: Version = wanted[0] > 0 ? [wanted[0] + 1, 0, 0] : wanted[1] > 0 ? [0, wanted[1] + 1, 0] : [0, 0, wanted[2] + 1];
      return order >= 0 && compare(version, upper) < 0;
    }
    case '~':
      return order >= 0 && compare(version, [wanted[0], wanted[1] + 1, 0]) < 0;
    case '>=':
      return order >= 0;
    case '>':
      return order > 0;
    case '<=':
      return order <= 0;
    case '<':
      return order < 0;
    default:
      return order === 0;
  }
}

/** npm-style range check for the forms package.json uses: `||` alternatives of space-separated comparators. */
export function satisfies(version: string, range: string): boolean {
  const parsed = parseVersion(version);
  if (!parsed) return false;
  return range.split('||').some((alternative) =>
    alternative
      .trim()
      .replace(/(\^|~|>=|<=|>|<|=)\s+/g, '$1')
      .split(/\s+/)
      .every((comparator) => satisfiesComparator(parsed, comparator)),
  );
}

/** A requirement of a remote the host cannot meet: the package, the remote's range, and what the host has. */
export interface UnmetRequirement {
  name: string;
  range: string;
  provided: string | null;
}

/**
 * The requirements of a remote (package → range) the host's versions (package → version) do not satisfy.
 * A package the host does not provide at all is unmet: the remote would load its own copy, a second one.
 */
export function unmetRequirements(requires: Record<string, string>, provided: Record<string, string>): UnmetRequirement[] {
  return Object.entries(requires)
    .filter(([name, range]) => !(name in provided) || !satisfies(provided[name]!, range))
    .map(([name, range]) => ({ name, range, provided: provided[name] ?? null }));
}

declare const __CONSIG_PROVIDED_VERSIONS__: Record<string, string> | undefined;

/**
 * The versions this host provides, fixed by its build (tooling/webpack.js). Unknown (null) outside a
 * webpack build, e.g. in unit tests: then nothing is refused.
 */
export const providedVersions: Record<string, string> | null =
  typeof __CONSIG_PROVIDED_VERSIONS__ === 'undefined' ? null : __CONSIG_PROVIDED_VERSIONS__;
