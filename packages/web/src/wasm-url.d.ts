/** A WebAssembly file imported with Vite's `?url` suffix: the URL the build serves it at. */
declare module '*.wasm?url' {
  const url: string;
  export default url;
}
