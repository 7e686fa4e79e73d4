import { cpSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const repo = join(__dirname, '..', '..');

/**
 * A copy of a remote's folder beside the real one (same depth, so its tsconfig and package links resolve), with one
 * visible text of `file` changed: a real build of a changed working tree. The caller removes it when done.
 */
export function changedCopy(dir: string, file: string, from: string, to: string): string {
  const copy = join(repo, `.e2e-deploy-${dir}-${process.pid}`);
  for (const item of ['src', 'public', 'package.json', 'tsconfig.json', 'webpack.config.js'])
    cpSync(join(repo, dir, item), join(copy, item), { recursive: true });
  symlinkSync(join(repo, dir, 'node_modules'), join(copy, 'node_modules'));
  const source = readFileSync(join(copy, 'src', file), 'utf8');
  const changed = source.replace(from, to);
  if (changed === source) throw new Error(`${dir}/src/${file} mudou; ajuste este teste`);
  writeFileSync(join(copy, 'src', file), changed);
  return copy;
}
