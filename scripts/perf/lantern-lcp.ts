/**
 * Why Lighthouse's simulated LCP is what it is: `npm run bench -- --route <id> --explain-lcp`.
 *
 * Lighthouse 12 does not time the page it loads; it replays the observed load on the mobile
 * profile (Lantern: 150 ms RTT, 1.6 Mbps, 4x CPU) and reports the mean of two simulations, each
 * ending with its graph's latest node:
 * - optimistic: every request that ended before the observed LCP (but low-priority images), the
 *   evaluation of those scripts, the first parse, layout and paint;
 * - pessimistic: the same with low-priority images and every layout task.
 * Each graph is replayed with one connection per origin carrying one request at a time, so what
 * counts is every request made before the paint and which chain of requests and tasks ends last.
 *
 * This prints, for one Lighthouse run, both graphs' nodes in simulated order and the critical path
 * (from the latest-ending node back through the dependency that ended last), the figures a lever
 * on LCP has to move. It reads Lighthouse's own computed artifact, so it agrees with the report.
 */
import type { RunnerResult } from 'lighthouse';
import { LanternLargestContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js';

/** The subset of Lantern's graph nodes this report reads (lighthouse ships no types for them). */
export interface LanternNode {
  id: string;
  type: 'network' | 'cpu';
  request?: { url: string; resourceType?: string; priority?: string; transferSize?: number };
  getDependencies(): LanternNode[];
  getEvaluateScriptURLs?(): Set<string>;
  childEvents?: { name: string; args?: { data?: { url?: string } } }[];
  duration?: number;
}
export interface NodeTiming {
  startTime: number;
  endTime: number;
}
export interface Estimate {
  timeInMs: number;
  nodeTimings: Map<LanternNode, NodeTiming>;
}
interface LanternLcp {
  timing: number;
  optimisticEstimate: Estimate;
  pessimisticEstimate: Estimate;
}

interface ExplainedNode {
  label: string;
  startMs: number;
  endMs: number;
}

interface OriginLoad {
  origin: string;
  requests: number;
  kb: number;
  firstStartMs: number;
  lastEndMs: number;
}

export interface GraphExplanation {
  endMs: number;
  nodes: ExplainedNode[];
  criticalPath: ExplainedNode[];
  origins: OriginLoad[];
}

export interface LcpExplanation {
  lcpMs: number;
  optimistic: GraphExplanation;
  pessimistic: GraphExplanation;
}

/** A script's path, or the name as given where it is not a URL (Lighthouse's own `_lighthouse-eval.js`). */
const scriptPath = (url: string) => (URL.canParse(url) ? new URL(url).pathname : url);

/** A short name: the request's port and path with its size, or what a task did. */
export function nodeLabel(node: LanternNode): string {
  if (node.type === 'network' && node.request) {
    const url = new URL(node.request.url);
    const size = node.request.transferSize ? ` ${(node.request.transferSize / 1024).toFixed(1)} KB` : '';
    return `net :${url.port || url.protocol} ${url.pathname}${url.search}${size}`;
  }
  const scripts = [...(node.getEvaluateScriptURLs?.() ?? [])].map(scriptPath);
  if (scripts.length > 0) return `cpu eval ${scripts.join(', ')}`;
  // Another task: what it did (commit the navigation, parse, layout, paint) and whose functions ran.
  const events = node.childEvents ?? [];
  const has = (name: string) => events.some((event) => event.name === name);
  const did = [
    ...(has('DocumentLoader::CommitNavigation') ? ['commit navigation'] : []),
    ...['ParseHTML', 'Layout', 'Paint'].filter(has),
  ];
  const calls = new Set(
    events.flatMap((event) =>
      event.name === 'FunctionCall' && event.args?.data?.url ? [scriptPath(event.args.data.url)] : [],
    ),
  );
  return [
    'cpu task',
    ...(did.length > 0 ? [did.join('+')] : []),
    ...(calls.size > 0 ? [`calls ${[...calls].join(', ')}`] : []),
  ].join(' ');
}

const explained = (node: LanternNode, timing: NodeTiming): ExplainedNode => ({
  label: nodeLabel(node),
  startMs: Math.round(timing.startTime),
  endMs: Math.round(timing.endTime),
});

/**
 * One simulated graph: its nodes in simulated order, the critical path (back from the node that
 * ends last, each step to the dependency that ended last) and, per origin, the requests' bytes and
 * when its connection was first and last busy.
 */
export function explainEstimate(estimate: Estimate): GraphExplanation {
  const timings = [...estimate.nodeTimings.entries()];
  if (timings.length === 0) throw new Error('The simulation has no nodes.');
  const nodes = timings
    .map(([node, timing]) => explained(node, timing))
    .sort((a, b) => a.startMs - b.startMs || a.endMs - b.endMs);
  const criticalPath: ExplainedNode[] = [];
  let current = timings.reduce((latest, entry) => (entry[1].endTime > latest[1].endTime ? entry : latest));
  for (;;) {
    const [node, timing] = current;
    criticalPath.unshift(explained(node, timing));
    const dependencies = node.getDependencies().flatMap((dependency) => {
      const dependencyTiming = estimate.nodeTimings.get(dependency);
      return dependencyTiming ? [[dependency, dependencyTiming] as [LanternNode, NodeTiming]] : [];
    });
    if (dependencies.length === 0) break;
    current = dependencies.reduce((latest, entry) => (entry[1].endTime > latest[1].endTime ? entry : latest));
  }
  const origins = new Map<string, OriginLoad>();
  for (const [node, timing] of timings) {
    if (node.type !== 'network' || !node.request) continue;
    const origin = new URL(node.request.url).origin;
    const load = origins.get(origin) ?? { origin, requests: 0, kb: 0, firstStartMs: Infinity, lastEndMs: 0 };
    load.requests += 1;
    load.kb = Number((load.kb + (node.request.transferSize ?? 0) / 1024).toFixed(1));
    load.firstStartMs = Math.min(load.firstStartMs, Math.round(timing.startTime));
    load.lastEndMs = Math.max(load.lastEndMs, Math.round(timing.endTime));
    origins.set(origin, load);
  }
  return { endMs: Math.round(estimate.timeInMs), nodes, criticalPath, origins: [...origins.values()] };
}

/** Lighthouse's own simulated LCP for a run, with both graphs' node timings and critical paths. */
export async function explainLcp(result: RunnerResult): Promise<LcpExplanation> {
  const artifacts = result.artifacts as unknown as Record<string, unknown>;
  const lantern = (await LanternLargestContentfulPaint.request(
    {
      trace: artifacts.Trace,
      devtoolsLog: artifacts.DevtoolsLog,
      gatherContext: artifacts.GatherContext,
      settings: result.lhr.configSettings,
      URL: artifacts.URL,
      SourceMaps: artifacts.SourceMaps,
      simulator: null,
    } as never,
    { computedCache: new Map(), settings: result.lhr.configSettings },
  )) as unknown as LanternLcp;
  return {
    lcpMs: Math.round(lantern.timing),
    optimistic: explainEstimate(lantern.optimisticEstimate),
    pessimistic: explainEstimate(lantern.pessimisticEstimate),
  };
}

/** The explanation as text: each graph's end, its critical path, then every node. */
export function formatExplanation(explanation: LcpExplanation): string {
  const row = (node: ExplainedNode) =>
    `${String(node.startMs).padStart(6)} ${String(node.endMs).padStart(6)}  ${node.label}`;
  const graph = (name: string, part: GraphExplanation) =>
    [
      `${name} graph ends at ${part.endMs} ms; critical path (start, end ms):`,
      ...part.criticalPath.map(row),
      'per origin (requests, KB, connection first busy - last busy ms):',
      ...part.origins.map(
        (load) =>
          `  ${load.origin}  ${load.requests} req  ${load.kb} KB  ${load.firstStartMs} - ${load.lastEndMs}`,
      ),
      `all ${part.nodes.length} nodes:`,
      ...part.nodes.map(row),
    ].join('\n');
  return [
    `Simulated LCP ${explanation.lcpMs} ms (mean of the two graphs)`,
    graph('Optimistic', explanation.optimistic),
    graph('Pessimistic', explanation.pessimistic),
  ].join('\n\n');
}
