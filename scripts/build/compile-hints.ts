/**
 * V8's explicit compile hint: a script that starts with `//# allFunctionsCalledOnLoad` has all its
 * functions compiled while it streams in, on a background thread, instead of each one on the main
 * thread the first time it is called (Chromium 136 and later; to other engines it is only a comment).
 *
 * Why: on a cold start the apps' scripts run most of their functions at once (Module Federation's
 * runtime and its negotiation of the shared modules, react-dom's first render, the routes and the
 * first page). At 4x CPU, compiling them one by one on first call was about half of the start-up's
 * long tasks: the shell entry's task took 70-180 ms without the hint, 31-46 ms with it
 * (docs/decisions/005-start-up-sequence.md).
 *
 * Which scripts: every chunk of the shell and the remotes but ECharts' (the interactive chart,
 * loaded when the reader reaches for it, calls a small part of the library) and the smallest, which
 * hold little to compile while the hint adds about 25 bytes gzip to each (/login loads ten
 * scripts within 0.3 KB of its budget). The chart's picture worker is built apart
 * (scripts/build/worker-script-loader.mjs) and runs off the main thread.
 */
import type { RsbuildPlugin, Rspack } from '@rsbuild/core';

/** The hint, on a line of its own: V8 reads it only at the very start of a script. */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/** Libraries of which a page calls only a small part: compiling all of them would be waste. */
const MOSTLY_UNCALLED = /[\\/]node_modules[\\/](echarts|zrender)[\\/]/;

/** Below this many bytes (minified), a script is not worth the hint's bytes. */
export const COMPILE_HINT_MIN_BYTES = 4096;

/** Whether a script of `bytes` (minified), made of the modules at these paths, gets the hint. */
export function wantsCompileHint(modulePaths: readonly string[], bytes: number): boolean {
  return bytes >= COMPILE_HINT_MIN_BYTES && !modulePaths.some((path) => MOSTLY_UNCALLED.test(path));
}

/** Puts the hint at the start of each of the compilation's JavaScript chunks that wants it. */
function hintChunks(compilation: Rspack.Compilation, sources: Rspack.Compiler['webpack']['sources']): void {
  for (const chunk of compilation.chunks) {
    const paths = compilation.chunkGraph
      .getChunkModules(chunk)
      .map((module) => module.nameForCondition() ?? '');
    for (const file of chunk.files) {
      const size = compilation.getAsset(file)?.source.size() ?? 0;
      if (!file.endsWith('.js') || !wantsCompileHint(paths, size)) continue;
      compilation.updateAsset(file, (source) => new sources.ConcatSource(COMPILE_HINT, source));
    }
  }
}

/**
 * Rsbuild plugin: hints the chunks after the minifier (which drops comments) and before source
 * maps are written (ConcatSource moves them a line down) and the files are precompressed.
 */
export function pluginCompileHints(): RsbuildPlugin {
  const name = 'ezy:compile-hints';
  return {
    name,
    setup(api) {
      api.modifyRspackConfig((_config, { appendPlugins }) => {
        appendPlugins({
          apply(compiler: Rspack.Compiler) {
            compiler.hooks.thisCompilation.tap(name, (compilation) => {
              const { Compilation, sources } = compiler.webpack;
              const stage = Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1;
              compilation.hooks.processAssets.tap({ name, stage }, () => hintChunks(compilation, sources));
            });
          },
        });
      });
    },
  };
}
