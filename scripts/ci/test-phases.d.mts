// Types for scripts/ci/test-phases.mjs, plain JavaScript like scripts/ci/supported-node.mjs, which starts it.
export interface Phase {
  name: string;
  scripts: string[];
}
export interface StepResult {
  phase: string;
  script: string;
  seconds: number;
  code: number;
}
export declare const PHASES: Phase[];
export declare function runPhases(
  phases: Phase[],
  run: (script: string, live: boolean) => Promise<number>,
  now?: () => number,
): Promise<StepResult[]>;
export declare function timingTable(results: StepResult[]): string;
