// One build for every app (host and remotes): webpack 5 + Module Federation, configured in one place so
// each remote builds, versions and deploys the same way. Usage in an app's webpack.config.js:
//   module.exports = createAppConfig({ dir: __dirname, name: 'mf_campaigns', port: 8082, exposes: {...} })
const fs = require('node:fs');
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const TerserPlugin = require('terser-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { sharedModules, SINGLETONS } = require('./sharedModules');

/** The manifest a remote ships beside its remoteEntry.js (docs/architecture.md "Independent deployment"). */
const REMOTE_MANIFEST = 'consig-remote.json';

const packageOf = (request) => (request.startsWith('@') ? request.split('/').slice(0, 2) : request.split('/').slice(0, 1)).join('/');

/** The singleton packages (not subpaths) an app depends on: the ones the host and a remote must agree on. */
const singletonPackages = (pkg) => [...new Set(SINGLETONS.map(packageOf))].filter((name) => pkg.dependencies?.[name]);

/** The range of each singleton a remote was built against, as its build declared it to the federation runtime. */
function requiredRanges(pkg) {
  const shared = sharedModules(pkg);
  return Object.fromEntries(singletonPackages(pkg).map((name) => [name, shared[name]?.requiredVersion || pkg.dependencies[name]]));
}

/** The version of each singleton the host provides: what is installed for it (the host pins exact versions). */
function providedVersions(dir, pkg) {
  const installed = (name) => {
    if (name === '@consig/shared') return require('../shared/package.json').version;
    try {
      return require(require.resolve(`${name}/package.json`, { paths: [dir] })).version;
    } catch {
      return String(pkg.dependencies[name]).replace(/^[\^~=]+/, '');
    }
  };
  return Object.fromEntries(singletonPackages(pkg).map((name) => [name, installed(name)]));
}

/** Copies the app's public/ folder (runtime config such as remotes.json and config.json) into dist/ as is. */
class CopyPublicPlugin {
  constructor(dir) {
    this.dir = dir;
  }
  apply(compiler) {
    const { RawSource } = compiler.webpack.sources;
    compiler.hooks.thisCompilation.tap('CopyPublicPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'CopyPublicPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          if (!fs.existsSync(this.dir)) return;
          for (const file of fs.readdirSync(this.dir)) {
            if (file === REMOTE_MANIFEST) continue; // RemoteManifestPlugin emits it with the build's facts
            compilation.emitAsset(file, new RawSource(fs.readFileSync(path.join(this.dir, file))));
          }
        },
      );
    });
  }
}

/**
 * Emits the remote's manifest (public/consig-remote.json: routes, navigation entries, slots) with what only
 * the build knows: the app's version and the range of @consig/shared and of each singleton it was built
 * against. The host reads it at runtime and refuses a remote whose ranges it cannot satisfy.
 */
class RemoteManifestPlugin {
  constructor({ dir, pkg }) {
    this.file = path.join(dir, 'public', REMOTE_MANIFEST);
    this.pkg = pkg;
  }
  apply(compiler) {
    const { RawSource } = compiler.webpack.sources;
    compiler.hooks.thisCompilation.tap('RemoteManifestPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'RemoteManifestPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          if (!fs.existsSync(this.file)) return;
          compilation.fileDependencies.add(this.file);
          const manifest = {
            ...JSON.parse(fs.readFileSync(this.file, 'utf8')),
            version: this.pkg.version,
            requires: requiredRanges(this.pkg),
          };
          compilation.emitAsset(REMOTE_MANIFEST, new RawSource(`${JSON.stringify(manifest, null, 2)}\n`));
        },
      );
    });
  }
}

/**
 * @param {object} options
 * @param {string} options.dir      the app's folder (its package.json, src/, dist/)
 * @param {string} options.name     federation name, a JS identifier (e.g. 'mf_attendance')
 * @param {number} options.port     dev-server port for `pnpm dev`
 * @param {Record<string,string>} [options.exposes]  remote exposes (none for the host)
 * @param {string} [options.title]  page title of the app's own index.html
 */
function createAppConfig({ dir, name, port, exposes = {}, title = 'Consig CRM' }) {
  const isHost = Object.keys(exposes).length === 0;
  const pkg = require(path.join(dir, 'package.json'));

  return (_env, argv) => {
    const production = argv.mode !== 'development';
    return {
      mode: production ? 'production' : 'development',
      context: dir,
      entry: './src/index.ts',
      devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
      output: {
        path: path.join(dir, 'dist'),
        // The host serves deep links (/campanhas/...), so its chunks load from the root; a remote's
        // chunks load from wherever its remoteEntry was fetched.
        publicPath: isHost ? '/' : 'auto',
        // Entry files keep plain names (the federation runtime cannot template [contenthash] into them);
        // they are tiny and served no-cache. Every other chunk is content-hashed and cached for good.
        filename: '[name].js',
        chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
        assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
        uniqueName: name,
        clean: true,
      },
      resolve: { extensions: ['.tsx', '.ts', '.js'] },
      module: {
        rules: [
          {
            test: /\.tsx?$/,
            exclude: /node_modules/,
            // Types are checked by `tsc --noEmit`; the build only transpiles (docs/architecture.md "Pitfalls": 2x faster).
            use: { loader: require.resolve('ts-loader'), options: { transpileOnly: true, configFile: path.join(dir, 'tsconfig.json') } },
          },
          // Production CSS goes to content-hashed .css files (cached apart, no style code in the JS);
          // development injects it for fast reloads.
          {
            test: /\.css$/,
            use: [production ? MiniCssExtractPlugin.loader : require.resolve('style-loader'), require.resolve('css-loader')],
          },
          { test: /\.(png|jpe?g|svg|mp3|wav|ogg)$/, type: 'asset/resource' },
          // The pure part of @consig/shared (zod schemas, formatters, arithmetic) does nothing when imported, so
          // a module that imports one schema from a folder's index gets that schema only: the sign-in page's
          // '@consig/shared/core' reads auth's contract, not every contract (docs/architecture.md "One copy of each library").
          { test: /[\\/]shared[\\/]src[\\/](contracts|format|credit)[\\/]/, sideEffects: false },
        ],
      },
      plugins: [
        new ModuleFederationPlugin({
          name,
          filename: 'remoteEntry.js',
          exposes,
          remotes: {}, // the host finds remotes at runtime in remotes.json, never at build time
          shared: sharedModules(pkg),
          // A dead remote must not block start-up (docs/architecture.md "Runtime remotes": the default loads every remote first).
          shareStrategy: 'loaded-first',
          manifest: !isHost,
          dts: false, // the type plugin downloads archives over HTTP; contracts live in @consig/shared
          // Remotes are registered by their remoteEntry.js (no manifest snapshots) and run in browsers only:
          // both let the federation runtime drop code the first page would otherwise load.
          experiments: { optimization: { disableSnapshot: true, target: 'web' } },
        }),
        // The page a remote serves for standalone use lives at its server's root: absolute script paths keep
        // deep links (/campanhas/x/1) working there.
        // The favicon ships with every app: without one the browser's own request for /favicon.ico is a 404 on the
        // console of every page.
        new HtmlWebpackPlugin({
          template: path.join(__dirname, 'index.html'),
          title,
          publicPath: '/',
          favicon: path.join(__dirname, 'favicon.svg'),
        }),
        new CopyPublicPlugin(path.join(dir, 'public')),
        ...(isHost
          ? // What the host provides to remotes, compared at runtime with each remote's manifest (host/src/remotes/compatibility.ts).
            [new (require('webpack').DefinePlugin)({ __CONSIG_PROVIDED_VERSIONS__: JSON.stringify(providedVersions(dir, pkg)) })]
          : [new RemoteManifestPlugin({ dir, pkg })]),
        ...(production
          ? [new MiniCssExtractPlugin({ filename: '[name].[contenthash:8].css', chunkFilename: '[name].[contenthash:8].css' })]
          : []),
      ],
      optimization: {
        minimizer: [new TerserPlugin({ minify: TerserPlugin.swcMinify })],
      },
      performance: { hints: false },
      devServer: {
        port,
        historyApiFallback: true,
        // The host on :8080 fetches this remote's manifest cross-origin.
        headers: { 'Access-Control-Allow-Origin': '*' },
      },
    };
  };
}

module.exports = { createAppConfig, requiredRanges, providedVersions, REMOTE_MANIFEST };
