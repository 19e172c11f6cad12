/// <reference types="@rsbuild/core/types" />

/** ISO date of the build, defined by rsbuild.base.ts. */
declare const __BUILD_DATE__: string;
