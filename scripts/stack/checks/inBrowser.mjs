// The checks a browser makes (check 1's call between two browsers, check 5's deploy seen on the next load): jest
// suites of the browser tests' workspace (e2e/stack/*.stack.ts, with e2e/support's Chromium and phone) run against
// the running stack, which they find in STACK_* variables.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

export function browserCheck(stack, suite) {
  const volume = stack.docker('volume', 'inspect', '--format', '{{.Mountpoint}}', `${stack.project}_remotes`);
  const result = spawnSync(
    process.execPath,
    [join(stack.root, 'node_modules', 'jest', 'bin', 'jest.js'), '--config', 'e2e/jest.stack.config.js', `e2e/stack/${suite}.stack.ts`],
    {
      cwd: stack.root,
      stdio: 'inherit',
      env: {
        ...process.env,
        STACK_APP_URL: stack.app,
        STACK_ADDRESS: stack.address,
        STACK_SIP_SECRET: stack.env.SIP_SECRET,
        // The web tier's deploy volume, where the remote teams' deploys land (this host's path to it; root only).
        STACK_DEPLOY_ROOT: volume,
        STACK_WEB_CONTAINER: stack.containerOf('web'),
      },
    },
  );
  if (result.status !== 0) throw new Error(`e2e/stack/${suite}.stack.ts falhou (saída acima)`);
}
