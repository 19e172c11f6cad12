/** A worker built as a script file of its own: its URL (scripts/build/worker-script-loader.mjs). */
declare module '*?worker-script' {
  const url: string;
  export default url;
}
