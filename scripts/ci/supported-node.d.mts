// Types for scripts/ci/supported-node.mjs, which is plain JavaScript so that an unsupported Node runs it.
export declare const FETCHED_RELEASE: string;
export declare function satisfiesEngines(version: string, range: string): boolean;
export declare const COULD_NOT_RUN: number;
export declare function outcome(
  label: string,
  result: { status: number | null; signal: NodeJS.Signals | null },
): { code: number; message?: string };
