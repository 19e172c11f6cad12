// Types for scripts/supported-node.mjs, which is plain JavaScript so that an unsupported Node runs it.
export declare const FETCHED_RELEASE: string;
export declare function satisfiesEngines(version: string, range: string): boolean;
