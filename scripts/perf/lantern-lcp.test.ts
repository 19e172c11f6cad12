import { describe, expect, it } from 'vitest';
import {
  explainEstimate,
  formatExplanation,
  nodeLabel,
  type LanternNode,
  type NodeTiming,
} from './lantern-lcp';

function request(url: string, transferSize: number, dependencies: LanternNode[] = []): LanternNode {
  return { id: url, type: 'network', request: { url, transferSize }, getDependencies: () => dependencies };
}

function task(id: string, events: LanternNode['childEvents'], dependencies: LanternNode[] = []): LanternNode {
  const urls = new Set(
    (events ?? []).flatMap((event) =>
      event.name === 'EvaluateScript' && event.args?.data?.url ? [event.args.data.url] : [],
    ),
  );
  return {
    id,
    type: 'cpu',
    childEvents: events,
    getEvaluateScriptURLs: () => urls,
    getDependencies: () => dependencies,
  };
}

const at = (startTime: number, endTime: number): NodeTiming => ({ startTime, endTime });

describe('the simulated LCP explanation', () => {
  // document -> entry -> its evaluation -> the data; the stylesheet ends early, off the path.
  const html = request('https://localhost:8180/', 700);
  const css = request('https://localhost:8180/static/css/index.css', 400, [html]);
  const entry = request('https://localhost:8180/static/js/index.js', 26_000, [html]);
  const remote = request('https://localhost:8182/customer/mf-manifest.json', 900, [html]);
  const evaluation = task(
    'e',
    [{ name: 'EvaluateScript', args: { data: { url: 'https://localhost:8180/static/js/index.js' } } }],
    [entry, remote],
  );
  const data = request('https://localhost:8180/api/v1/promotion/get', 2600, [evaluation]);
  const estimate = {
    timeInMs: 1650.4,
    nodeTimings: new Map<LanternNode, NodeTiming>([
      [data, at(1500, 1650.4)],
      [html, at(0, 769)],
      [css, at(769, 769)],
      [remote, at(769, 1220)],
      [entry, at(769, 1280)],
      [evaluation, at(1280, 1373)],
    ]),
  };

  it('follows, from the node that ends last, the dependency that ended last', () => {
    expect(explainEstimate(estimate).criticalPath.map((node) => node.label)).toEqual([
      'net :8180 / 0.7 KB',
      'net :8180 /static/js/index.js 25.4 KB',
      'cpu eval /static/js/index.js',
      'net :8180 /api/v1/promotion/get 2.5 KB',
    ]);
  });

  it('lists every node in simulated order and each origin with its bytes and busy time', () => {
    const graph = explainEstimate(estimate);
    expect(graph.endMs).toBe(1650);
    expect(graph.nodes.map((node) => node.startMs)).toEqual([0, 769, 769, 769, 1280, 1500]);
    expect(graph.origins).toEqual([
      { origin: 'https://localhost:8180', requests: 4, kb: 29.0, firstStartMs: 0, lastEndMs: 1650 },
      { origin: 'https://localhost:8182', requests: 1, kb: 0.9, firstStartMs: 769, lastEndMs: 1220 },
    ]);
  });

  it('names what a task did when it evaluated no script', () => {
    expect(
      nodeLabel(
        task('c', [{ name: 'DocumentLoader::CommitNavigation' }, { name: 'ParseHTML' }, { name: 'Layout' }]),
      ),
    ).toBe('cpu task commit navigation+ParseHTML+Layout');
    expect(
      nodeLabel(
        task('f', [
          { name: 'FunctionCall', args: { data: { url: 'https://localhost:8180/static/js/l.js' } } },
        ]),
      ),
    ).toBe('cpu task calls /static/js/l.js');
    // Lighthouse's own scripts have a name, not a URL.
    expect(
      nodeLabel(task('g', [{ name: 'FunctionCall', args: { data: { url: '_lighthouse-eval.js' } } }])),
    ).toBe('cpu task calls _lighthouse-eval.js');
  });

  it('prints the mean figure, then each graph', () => {
    const graph = explainEstimate(estimate);
    const text = formatExplanation({ lcpMs: 1650, optimistic: graph, pessimistic: graph });
    expect(text).toMatch(/^Simulated LCP 1650 ms/);
    expect(text).toContain('Optimistic graph ends at 1650 ms');
    expect(text).toContain('  1280   1373  cpu eval /static/js/index.js');
  });

  it('refuses a simulation without nodes', () => {
    expect(() => explainEstimate({ timeInMs: 0, nodeTimings: new Map() })).toThrow('no nodes');
  });
});
