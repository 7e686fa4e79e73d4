// The list of apps (tooling/apps.js) is the only one: what cannot read it (pnpm-workspace.yaml) must agree
// with it, and what reads it must not load the launcher with it.
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const YAML = require('yaml');
const { APPS } = require('./apps');
const { DEFAULT_PORTS } = require('./launcher/ports');

const root = path.join(__dirname, '..');

/** The workspace's packages besides the apps: the shared package, the build tooling, the API, the browser tests. */
const OTHER_PACKAGES = ['shared', 'tooling', 'api', 'e2e'];

/** The folders at the root that a pnpm-workspace.yaml pattern ('mf-*', 'api') takes: those with a package.json. */
function foldersTakenBy(patterns) {
  const matchers = patterns.map(
    (pattern) =>
      new RegExp(
        `^${pattern
          .split('*')
          .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
          .join('[^/]*')}$`,
      ),
  );
  return fs
    .readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && fs.existsSync(path.join(root, entry.name, 'package.json')))
    .map((entry) => entry.name)
    .filter((dir) => matchers.some((matcher) => matcher.test(dir)));
}

test('pnpm-workspace.yaml takes exactly the apps of the list, besides shared, tooling, api and e2e', () => {
  const { packages } = YAML.parse(fs.readFileSync(path.join(root, 'pnpm-workspace.yaml'), 'utf8'));
  expect(foldersTakenBy(packages).sort()).toEqual([...APPS.map((app) => app.dir), ...OTHER_PACKAGES].sort());
});

test('every app has a folder of its own, a federation name of its own and a port no other server of the product takes', () => {
  const ports = Object.values(DEFAULT_PORTS);
  expect({
    folders: APPS.filter((app) => fs.existsSync(path.join(root, app.dir, 'webpack.config.js'))).length,
    names: new Set(APPS.map((app) => app.name)).size,
    ports: new Set(ports).size,
  }).toEqual({ folders: APPS.length, names: APPS.length, ports: ports.length });
});

test("each app's webpack config builds the list's federation name and port, and loads neither the launcher nor telephony code", () => {
  // A process of its own: Node's module cache then tells what loading the configs loaded.
  const script = `
    const path = require('node:path');
    const { APPS } = require('./tooling/apps');
    const built = APPS.map(({ dir }) => {
      const config = require(path.resolve(dir, 'webpack.config.js'))({}, { mode: 'production' });
      return { dir, name: config.output.uniqueName, port: config.devServer.port };
    });
    const loaded = Object.keys(require.cache).map((file) => path.relative(process.cwd(), file)).filter((file) => !file.includes('node_modules'));
    process.stdout.write(JSON.stringify({ built, launcher: loaded.filter((file) => /^(tooling\\/(product|launcher)|telephony\\/)/.test(file)) }));
  `;
  const { built, launcher } = JSON.parse(execFileSync(process.execPath, ['-e', script], { cwd: root, encoding: 'utf8' }));
  expect({ built, launcher }).toEqual({ built: APPS.map(({ dir, name, port }) => ({ dir, name, port })), launcher: [] });
});
