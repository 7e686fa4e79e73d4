#!/usr/bin/env node
// `npm run build` in api/: compiles the API to CommonJS JavaScript in api/dist/, run with plain Node
// (`node api/dist/server.js`, README "Production"). api/src/X.ts becomes dist/X.js, so `__dirname` paths
// (migrations/, the default DATA_DIR) point where they did; what the API imports from @consig/shared (TypeScript
// source in the workspace) is compiled into dist/shared/ and the imports are rewritten to it. swc strips the
// types without checking them: `tsc --noEmit -p api` does that (npm run typecheck).
// dist/build.json lists every compiled source, which tooling/product.js compares with the sources' dates
// to tell whether dist is up to date.
import { transformFileSync } from '@swc/core';
import { existsSync, mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const apiDir = dirname(fileURLToPath(import.meta.url));
const root = resolve(apiDir, '..');
const srcDir = join(apiDir, 'src');
const sharedDir = join(root, 'shared', 'src');
const distDir = join(apiDir, 'dist');
const SHARED = '@consig/shared';

const swcOptions = {
  jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
  // ignoreDynamic: an import() stays a native one (ESM-only packages).
  module: { type: 'commonjs', ignoreDynamic: true },
  sourceMaps: true,
  swcrc: false,
};

/** Where a source file's JavaScript goes. */
function outputOf(file) {
  const inApi = relative(srcDir, file);
  const rel = inApi.startsWith('..') ? join('shared', relative(sharedDir, file)) : inApi;
  return join(distDir, rel.replace(/\.ts$/, '.js'));
}

/** The .ts file a relative import names (`./x` → x.ts or x/index.ts). */
function sourceOf(specifier, from) {
  const base = resolve(dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, join(base, 'index.ts')])
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  throw new Error(`${relative(root, from)}: não encontrei o módulo ${specifier}`);
}

/** `@consig/shared/contracts` → shared/src/contracts/index.ts (the package's exports map). */
function sharedSourceOf(specifier) {
  const sub = specifier === SHARED ? '' : specifier.slice(SHARED.length + 1);
  const file = join(sharedDir, sub, 'index.ts');
  if (!existsSync(file)) throw new Error(`${specifier}: a API só pode importar entradas .ts de @consig/shared`);
  return file;
}

const started = Date.now();
rmSync(distDir, { recursive: true, force: true });
const pending = [join(srcDir, 'server.ts')];
const done = new Set();
const bare = new Map(); // package → a file that requires it
while (pending.length) {
  const file = pending.pop();
  if (done.has(file)) continue;
  done.add(file);
  const out = outputOf(file);
  const { code, map } = transformFileSync(file, { ...swcOptions, filename: file, sourceFileName: relative(dirname(out), file) });
  const rewritten = code.replace(/require\("([^"]+)"\)/g, (whole, specifier) => {
    if (specifier.startsWith('.')) {
      pending.push(sourceOf(specifier, file));
      return whole;
    }
    if (specifier === SHARED || specifier.startsWith(`${SHARED}/`)) {
      const target = sharedSourceOf(specifier);
      pending.push(target);
      let path = relative(dirname(out), outputOf(target)).split(sep).join('/');
      if (!path.startsWith('.')) path = `./${path}`;
      return `require(${JSON.stringify(path)})`;
    }
    if (!specifier.startsWith('node:')) bare.set(specifier, file);
    return whole;
  });
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, `${rewritten}\n//# sourceMappingURL=${out.split(sep).pop()}.map\n`);
  writeFileSync(`${out}.map`, map);
}

// Every package the JavaScript requires must resolve from dist (shared's code included): fail now, not at start.
const requireFromDist = createRequire(join(distDir, 'server.js'));
for (const [specifier, file] of bare) {
  try {
    requireFromDist.resolve(specifier);
  } catch {
    throw new Error(`${relative(root, file)} importa ${specifier}, que não se resolve a partir de api/dist (falta em api/package.json?)`);
  }
}

const inputs = [...done].map((file) => relative(root, file).split(sep).join('/')).sort();
writeFileSync(join(distDir, 'build.json'), `${JSON.stringify({ builtAt: new Date().toISOString(), inputs }, null, 2)}\n`);
console.log(`API compilada em api/dist: ${inputs.length} arquivos em ${Date.now() - started} ms`);
