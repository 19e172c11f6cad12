/** A day of 24 hours in ms: for spans measured in time (a fetch window, a test's clock), not NZ dates. */
export const DAY_MS = 24 * 60 * 60 * 1000;
