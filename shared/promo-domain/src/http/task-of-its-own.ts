/**
 * Resolves in a task of its own: what runs after it is a task apart from what ran before, so the
 * browser can paint and answer input between them. `scheduler.yield()` where the engine has it
 * (the continuation keeps its place ahead of other queued work), else a zero timeout.
 * The shell's start-up uses it, the http client for each request it sends, and the spend chart
 * between ECharts' two chunks. It sits beside the client so that the shell's one copy of it is in
 * the client's chunk.
 *
 * Work that becomes due at one moment (the checks a return visit holds until its first screen is
 * up) otherwise runs in the one task that resolved the wait: there, a session check, the registry
 * check and a screen's refetches took 70-110 ms at 4x CPU (docs/performance.md, "Return visits").
 */
export function taskOfItsOwn(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
