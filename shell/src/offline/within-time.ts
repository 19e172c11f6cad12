/** Resolves with the promise's value, or with undefined once `ms` have passed. */
export function withinTime<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  return Promise.race([promise, new Promise<undefined>((done) => setTimeout(() => done(undefined), ms))]);
}
