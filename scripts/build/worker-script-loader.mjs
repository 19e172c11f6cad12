import { basename, dirname, parse } from 'node:path';

/**
 * `import url from './x.worker.ts?worker-script'`: the worker built as a script file of its own, and
 * its URL. Rsbuild's `?worker` starts a worker from a URL on the remote's origin, which a page on the
 * shell's origin may not, and its `?worker&inline` carries the script as text in a chunk the page
 * itself must evaluate (half a megabyte for the chart's worker). This builds it the way `?worker&inline`
 * does, in a child compilation (a worker cannot start the Module Federation runtime every entry of a
 * remote's own build gets), but keeps the file: the page starts the worker from a same-origin blob:
 * URL that loads it with importScripts (shared/ui/src/spend-chart/picture-worker-start.ts), and the
 * script is parsed on the worker's thread, never on the page's (docs/decisions/039-interaction-latency.md).
 */
export default function workerScriptLoader() {
  const callback = this.async();
  if (!/\.worker\.[cm]?[jt]sx?$/.test(this.resourcePath)) {
    return callback(
      new Error(
        `worker-script: ${basename(this.resourcePath)} must be named x.worker.ts, its file is found by that name (rsbuild.base.ts).`,
      ),
    );
  }
  const compilation = this._compilation;
  const { rspack } = this._compiler;
  const child = compilation.createChildCompiler(
    `worker-script ${this.resourcePath}`,
    { publicPath: compilation.outputOptions.publicPath, globalObject: 'self' },
    [],
  );
  new rspack.webworker.WebWorkerTemplatePlugin().apply(child);
  new rspack.LoaderTargetPlugin('webworker').apply(child);
  // One file: a worker started from a blob: URL cannot load chunks of its own.
  child.options.module = {
    ...child.options.module,
    parser: {
      ...child.options.module.parser,
      javascript: { ...child.options.module.parser?.javascript, dynamicImportMode: 'eager' },
    },
  };
  new rspack.EntryPlugin(dirname(this.resourcePath), this.resourcePath, parse(this.resourcePath).name).apply(
    child,
  );
  child.runAsChild((error, entries, childCompilation) => {
    if (error) return callback(error);
    const file = [...(entries?.[0]?.files ?? [])].find((name) => /\.m?js$/.test(name));
    if (!file || !childCompilation) {
      return callback(new Error(`worker-script: no script was built for ${basename(this.resourcePath)}.`));
    }
    for (const dependency of childCompilation.fileDependencies) this.addDependency(dependency);
    for (const dependency of childCompilation.contextDependencies) this.addContextDependency(dependency);
    callback(null, `export default __webpack_public_path__ + ${JSON.stringify(file)};\n`);
  });
}
