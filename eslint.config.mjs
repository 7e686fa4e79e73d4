// The workspace's lint lives with the rest of the build tooling, whose node_modules hold its plugins.
// (Not named tooling/eslint.config.mjs: ESLint 10 takes the eslint.config.* nearest to each file, so
// tooling's own files would be linted with tooling/ as the base of every path.)
export { default } from './tooling/eslintConfig.mjs';
