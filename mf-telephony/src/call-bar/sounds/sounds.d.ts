// The ringtones are bundled as asset files (tooling/webpack.js: asset/resource): importing one gives its URL.
declare module '*.wav' {
  const url: string;
  export default url;
}
