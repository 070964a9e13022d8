/**
 * The extension's own tasks on the extension host's thread, from a CPU profile: the longest run of
 * samples in a row whose stacks are in the extension's code (its bundle's files), the VS Code API
 * calls it makes included. Other extensions' and VS Code's own work are not the extension's.
 */
import { Session } from 'node:inspector';
import { pathToFileURL } from 'node:url';
import { SourceNames, type CallFrame } from './sourceNames';

interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}

export interface LongestTask {
  /** Wall time from its first sample to its last, and that one's own interval. */
  ms: number;
  /** Its samples: fewer than its wall time holds when the thread was not sampled meanwhile. */
  samples: number;
  /** The profile's usual sampling interval (the median), taken as a sample's own duration. */
  intervalMs: number;
  /** The widest gap between two of its samples (counted in its time). */
  widestGapMs: number;
  /**
   * From its last sample to the next one, not counted: the profile shows as wide gaps after idle
   * samples (the sampler or the thread not scheduled on a busy machine), so what ran meanwhile is unknown.
   */
  nextSampleMs: number;
  /**
   * The functions it spent its samples in, most first, by their source names, each with the
   * extension's function nearest to it on the stack when it is not one.
   */
  top: string[];
}

interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** Samples that belong to whatever task they interrupt. */
const NEUTRAL = new Set(['(garbage collector)', '(program)']);

export class OwnTasks {
  private readonly session = new Session();

  private readonly codeUrl: string;

  /** `codeDir`: the folder of the extension's bundle. */
  constructor(private readonly codeDir: string) {
    this.codeUrl = pathToFileURL(codeDir).href;
    this.session.connect();
  }

  async start(): Promise<void> {
    await this.post('Profiler.enable');
    await this.post('Profiler.setSamplingInterval', { interval: 100 });
    await this.post('Profiler.start');
  }

  /**
   * The longest task of the extension's code since `start`: from its first sample to its last plus
   * one interval, garbage collection and V8's own work in between counted in.
   */
  async stop(): Promise<LongestTask> {
    const { profile } = (await this.post('Profiler.stop')) as { profile: Profile };
    this.session.disconnect();
    const ours = this.ownNodes(profile);
    if (ours.size === 0) {
      // A verdict on no sample of the extension's code would be met by nothing measured.
      throw new Error(`the profile holds no frame of the extension's code (${this.codeDir})`);
    }
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    const times: number[] = [];
    let time = profile.startTime;
    for (const delta of profile.timeDeltas) {
      time += delta;
      times.push(time);
    }
    times.push(profile.endTime);
    const deltas = profile.timeDeltas.filter((d) => d > 0).sort((a, b) => a - b);
    const interval = deltas[Math.floor(deltas.length / 2)] ?? 0;
    let longest = { ms: 0, from: 0, to: 0 };
    let run: { from: number; last: number } | undefined;
    const close = () => {
      const ms = run ? times[run.last] - times[run.from] + interval : 0;
      if (run && ms > longest.ms) {
        longest = { ms, from: run.from, to: run.last + 1 };
      }
      run = undefined;
    };
    profile.samples.forEach((id, i) => {
      if (ours.has(id)) {
        run ??= { from: i, last: i };
        run.last = i;
      } else if (!NEUTRAL.has(byId.get(id)!.callFrame.functionName)) {
        close();
      }
    });
    close();
    const names = new SourceNames(this.codeUrl);
    const parents = new Map(profile.nodes.flatMap((n) => (n.children ?? []).map((child) => [child, n] as const)));
    const counts = new Map<string, number>();
    for (const id of profile.samples.slice(longest.from, longest.to)) {
      const leaf = byId.get(id)!;
      let own: ProfileNode | undefined = leaf;
      while (own && !this.isOwn(own)) {
        own = parents.get(own.id);
      }
      const name = own && own !== leaf ? `${names.name(leaf.callFrame)} in ${names.name(own.callFrame)}` : names.name(leaf.callFrame);
      counts.set(name, (counts.get(name) ?? 0) + 1);
    }
    if (longest.to === 0) {
      throw new Error(`no sample of the profile is in the extension's code (${this.codeDir})`);
    }
    let widestGap = 0;
    for (let i = longest.from; i + 1 < longest.to; i++) {
      widestGap = Math.max(widestGap, times[i + 1] - times[i]);
    }
    return {
      ms: longest.ms / 1000,
      samples: longest.to - longest.from,
      intervalMs: interval / 1000,
      widestGapMs: widestGap / 1000,
      nextSampleMs: (times[longest.to] - times[longest.to - 1]) / 1000,
      top: [...counts]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 3)
        .map(([name, n]) => `${name} ${n}`),
    };
  }

  /** Nodes whose stack holds a frame of the extension's code. */
  private ownNodes(profile: Profile): Set<number> {
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    const ours = new Set<number>();
    const visit = (node: ProfileNode, inOurs: boolean) => {
      const here = inOurs || this.isOwn(node);
      if (here) {
        ours.add(node.id);
      }
      for (const child of node.children ?? []) {
        visit(byId.get(child)!, here);
      }
    };
    visit(profile.nodes[0], false);
    return ours;
  }

  private isOwn(node: ProfileNode): boolean {
    return node.callFrame.url.startsWith(this.codeUrl);
  }

  private post(method: string, params: object = {}): Promise<unknown> {
    return new Promise((resolve, reject) => this.session.post(method, params, (error, result) => (error ? reject(error) : resolve(result))));
  }
}
