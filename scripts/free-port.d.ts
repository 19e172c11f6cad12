/** A TCP port on loopback that nobody listens on now, for a test's own server. */
export declare function freePort(): Promise<number>;
