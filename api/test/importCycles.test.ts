import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { preProcessFile } from 'typescript';

// Lint's import-x/no-cycle follows value imports only, and its zones (API_FOLDERS in tooling/eslintConfig.mjs)
// see folders, not files: a cycle through a type import inside a folder passed both (imports/provider.ts and
// prospects.repository.ts once imported each other). This follows every import, types included.

const SRC = resolve(__dirname, '../src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** The file a relative specifier names, as TypeScript resolves it; undefined for a package. */
function resolveImport(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = resolve(dirname(from), specifier);
  return [`${base}.ts`, `${base}.d.ts`, join(base, 'index.ts')].find((candidate) => existsSync(candidate));
}

/** Every cycle's files, each once (Tarjan's strongly connected components of more than one file, or a file importing itself). */
function importCycles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  const visit = (file: string) => {
    index.set(file, next);
    low.set(file, next++);
    stack.push(file);
    for (const imported of graph.get(file) ?? []) {
      if (!index.has(imported)) {
        visit(imported);
        low.set(file, Math.min(low.get(file)!, low.get(imported)!));
      } else if (stack.includes(imported)) low.set(file, Math.min(low.get(file)!, index.get(imported)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || graph.get(file)?.includes(file)) cycles.push(component.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return cycles;
}

describe('the API source', () => {
  it('has no import cycle, type imports included', () => {
    const graph = new Map(
      sourceFiles(SRC).map((file) => {
        const { importedFiles } = preProcessFile(readFileSync(file, 'utf8'), true, true);
        const imports = importedFiles
          .map(({ fileName }) => resolveImport(file, fileName))
          .filter((path): path is string => path !== undefined);
        return [file, imports] as const;
      }),
    );
    expect(graph.size).toBeGreaterThan(100);
    expect(importCycles(graph).map((cycle) => cycle.map((file) => relative(SRC, file)))).toEqual([]);
  });
});
