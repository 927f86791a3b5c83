/**
 * Minimum-cost maximum flow on a network with integer capacities and non-negative integer costs,
 * by the primal-dual method: each phase finds shortest distances from the source under reduced
 * costs (Dijkstra with potentials), then pushes a blocking flow along the arcs that lie on
 * shortest paths. Costs are integers held exactly in doubles (the caller keeps every path's cost
 * under 2^53); arcs live in typed arrays, so a million of them cost a few tens of megabytes.
 */
export class FlowNetwork {
  private head: Int32Array;
  private to: Int32Array;
  private next: Int32Array;
  private capacity: Int32Array;
  private cost: Float64Array;
  private arcCount = 0;
  /** Node potentials after solve(): the shortest distances of the last phase, summed. */
  potential: Float64Array;

  constructor(
    readonly nodeCount: number,
    maxArcs: number,
  ) {
    this.head = new Int32Array(nodeCount).fill(-1);
    // Each arc has its reverse (residual) twin at index ^ 1.
    this.to = new Int32Array(maxArcs * 2);
    this.next = new Int32Array(maxArcs * 2);
    this.capacity = new Int32Array(maxArcs * 2);
    this.cost = new Float64Array(maxArcs * 2);
    this.potential = new Float64Array(nodeCount);
  }

  /** Adds an arc and returns its index, to read its flow after solving. */
  addArc(from: number, to: number, capacity: number, cost: number): number {
    if (cost < 0) throw new RangeError('arc costs must be non-negative');
    const arc = this.arcCount;
    this.link(arc, from, to, capacity, cost);
    this.link(arc + 1, to, from, 0, -cost);
    this.arcCount += 2;
    return arc;
  }

  private link(arc: number, from: number, to: number, capacity: number, cost: number): void {
    this.to[arc] = to;
    this.capacity[arc] = capacity;
    this.cost[arc] = cost;
    this.next[arc] = this.head[from]!;
    this.head[from] = arc;
  }

  /** The flow an arc (as returned by addArc) carries. */
  flowOn(arc: number): number {
    return this.capacity[arc + 1]!;
  }

  /** Sends as much flow as possible from source to sink at the least total cost. */
  solve(source: number, sink: number): { flow: number; cost: number } {
    const n = this.nodeCount;
    const distance = new Float64Array(n);
    const level = new Int32Array(n);
    const currentArc = new Int32Array(n);
    let flow = 0;
    for (
      this.shortestDistances(source, sink, distance);
      distance[sink]! < Infinity;
      this.shortestDistances(source, sink, distance)
    ) {
      // Capped at the sink's distance, the potentials keep every residual arc's reduced cost
      // non-negative, the nodes the source cannot reach included: the dual stays feasible.
      const cap = distance[sink]!;
      for (let v = 0; v < n; v++) this.potential[v]! += Math.min(distance[v]!, cap);
      // Every shortest path now has reduced cost 0: saturate them all (Dinic on the admissible arcs).
      for (this.admissibleLevels(source, sink, level); level[sink] !== -1; this.admissibleLevels(source, sink, level)) {
        currentArc.set(this.head);
        for (let pushed = this.augment(source, sink, 2 ** 30, level, currentArc); pushed > 0;) {
          flow += pushed;
          pushed = this.augment(source, sink, 2 ** 30, level, currentArc);
        }
      }
    }
    return { flow, cost: this.totalCost() };
  }

  private reducedCost(arc: number, from: number): number {
    return this.cost[arc]! + this.potential[from]! - this.potential[this.to[arc]!]!;
  }

  /**
   * Dijkstra under reduced costs, which the potentials keep non-negative. It stops at the sink:
   * every node still unsettled is at least as far, and its potential grows by the sink's distance
   * whatever its own, so only the distances up to the sink's are needed.
   */
  private shortestDistances(source: number, sink: number, distance: Float64Array): void {
    distance.fill(Infinity);
    distance[source] = 0;
    const heap = new MinHeap(this.nodeCount);
    heap.push(source, 0);
    while (heap.size > 0) {
      const [u, d] = heap.pop();
      if (d > distance[u]!) continue;
      if (u === sink) return;
      for (let arc = this.head[u]!; arc !== -1; arc = this.next[arc]!) {
        if (this.capacity[arc]! === 0) continue;
        const v = this.to[arc]!;
        const candidate = d + this.reducedCost(arc, u);
        if (candidate < distance[v]!) {
          distance[v] = candidate;
          heap.push(v, candidate);
        }
      }
    }
  }

  /**
   * Breadth-first levels over admissible arcs (residual, zero reduced cost): the blocking flow's
   * order. It stops once the sink has its level: every node of a lower level has one by then, and
   * the blocking flow uses no other.
   */
  private admissibleLevels(source: number, sink: number, level: Int32Array): void {
    level.fill(-1);
    level[source] = 0;
    const queue = new Int32Array(this.nodeCount);
    let read = 0;
    let write = 0;
    queue[write++] = source;
    while (read < write) {
      const u = queue[read++]!;
      for (let arc = this.head[u]!; arc !== -1; arc = this.next[arc]!) {
        const v = this.to[arc]!;
        if (this.capacity[arc]! > 0 && level[v] === -1 && this.reducedCost(arc, u) === 0) {
          level[v] = level[u]! + 1;
          if (v === sink) return;
          queue[write++] = v;
        }
      }
    }
  }

  private augment(u: number, sink: number, limit: number, level: Int32Array, currentArc: Int32Array): number {
    if (u === sink) return limit;
    for (let arc = currentArc[u]!; arc !== -1; arc = this.next[arc]!, currentArc[u] = arc) {
      const v = this.to[arc]!;
      if (this.capacity[arc]! === 0 || level[v] !== level[u]! + 1) continue;
      if (this.reducedCost(arc, u) !== 0) continue;
      const pushed = this.augment(v, sink, Math.min(limit, this.capacity[arc]!), level, currentArc);
      if (pushed > 0) {
        this.capacity[arc]! -= pushed;
        this.capacity[arc ^ 1]! += pushed;
        return pushed;
      }
    }
    return 0;
  }

  private totalCost(): number {
    let total = 0;
    for (let arc = 0; arc < this.arcCount; arc += 2) total += this.capacity[arc + 1]! * this.cost[arc]!;
    return total;
  }

  /**
   * The linear programme's lower bound on the cost of sending `flow` units, from the node
   * potentials (LP duality): equal to the cost found when the flow is optimal. Summed in BigInt:
   * its terms can pass 2^53 even where the bound itself does not.
   */
  dualBound(source: number, sink: number, flow: number): number {
    let bound = BigInt(flow) * BigInt(this.potential[sink]! - this.potential[source]!);
    for (let u = 0; u < this.nodeCount; u++) {
      for (let arc = this.head[u]!; arc !== -1; arc = this.next[arc]!) {
        if (arc % 2 === 1) continue;
        const reduced = this.reducedCost(arc, u);
        if (reduced < 0) bound += BigInt(this.capacity[arc]! + this.capacity[arc + 1]!) * BigInt(reduced);
      }
    }
    return Number(bound);
  }
}

/** A binary heap of (node, key) pairs; stale entries are skipped by the caller. */
class MinHeap {
  private nodes: Int32Array;
  private keys: Float64Array;
  size = 0;

  constructor(capacity: number) {
    this.nodes = new Int32Array(Math.max(16, capacity));
    this.keys = new Float64Array(Math.max(16, capacity));
  }

  push(node: number, key: number): void {
    if (this.size === this.nodes.length) {
      const nodes = new Int32Array(this.size * 2);
      nodes.set(this.nodes);
      const keys = new Float64Array(this.size * 2);
      keys.set(this.keys);
      this.nodes = nodes;
      this.keys = keys;
    }
    let i = this.size++;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (this.keys[parent]! <= key) break;
      this.nodes[i] = this.nodes[parent]!;
      this.keys[i] = this.keys[parent]!;
      i = parent;
    }
    this.nodes[i] = node;
    this.keys[i] = key;
  }

  pop(): [number, number] {
    const top: [number, number] = [this.nodes[0]!, this.keys[0]!];
    const lastNode = this.nodes[--this.size]!;
    const lastKey = this.keys[this.size]!;
    let i = 0;
    for (;;) {
      let child = 2 * i + 1;
      if (child >= this.size) break;
      if (child + 1 < this.size && this.keys[child + 1]! < this.keys[child]!) child++;
      if (this.keys[child]! >= lastKey) break;
      this.nodes[i] = this.nodes[child]!;
      this.keys[i] = this.keys[child]!;
      i = child;
    }
    this.nodes[i] = lastNode;
    this.keys[i] = lastKey;
    return top;
  }
}
