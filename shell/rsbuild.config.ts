import { mergeRsbuildConfig } from '@rsbuild/core';
import { defineAppConfig } from '../rsbuild.base';

/**
 * The shell. Two environment variables exist for the service-worker update test (e2e/pwa), which
 * builds a second version of the shell beside the first: SHELL_DIST_DIR (output folder) and
 * BUILD_DATE (the update prompt's build date label, otherwise the time of the build).
 * scripts/build/build-sw.ts reads the same SHELL_DIST_DIR.
 */
const { SHELL_DIST_DIR, BUILD_DATE } = process.env;

export default mergeRsbuildConfig(
  defineAppConfig({ name: 'shell', port: 8080 }),
  {
    // public/ (web app manifest, icons) is copied to the root of the build.
    server: { publicDir: { name: 'public', copyOnBuild: true } },
  },
  SHELL_DIST_DIR ? { output: { distPath: { root: SHELL_DIST_DIR } } } : {},
  BUILD_DATE ? { source: { define: { __BUILD_DATE__: JSON.stringify(BUILD_DATE) } } } : {},
);
