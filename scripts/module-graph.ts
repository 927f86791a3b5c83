// The import graph between the project's units (server modules, server layers, client features,
// client layers), drawn from the source by madge. Lint rules judge one import at a time; a cycle
// between two modules (a → b in one file, b → a in another) only shows on the whole graph.
//
//   npm run graph            prints every unit's imports, then the cycles (none, one hopes)
//   npm run graph -- --check prints only the cycles and exits 1 when there is one (part of `npm run lint`)
//   npm run graph -- --dot   Graphviz source of the graph
import { parseArgs } from 'node:util';
import madge from 'madge';

const { values } = parseArgs({ options: { check: { type: 'boolean' }, dot: { type: 'boolean' } } });

const root = new URL('../src/', import.meta.url).pathname;

/** The unit a source file belongs to: a module or feature folder, else its top folder or file. */
function unitOf(file: string): string {
  const parts = file.replace(/\.tsx?$/, '').split('/');
  if (parts[0] === 'server' && parts[1] === 'modules') return `server/modules/${parts[2]}`;
  if (parts[0] === 'client' && parts[1] === 'features') return `client/features/${parts[2]}`;
  return parts.slice(0, 2).join('/');
}

// Tests and test helpers build whole worlds and may reach anywhere; the graph is the product's.
const isTestCode = (file: string) =>
  /\.test\.tsx?$/.test(file) || file.startsWith('server/test/') || file.startsWith('server/security/');

const result = await madge(root, {
  fileExtensions: ['ts', 'tsx'],
  tsConfig: new URL('../tsconfig.json', import.meta.url).pathname,
  detectiveOptions: { ts: { skipTypeImports: false }, tsx: { skipTypeImports: false } },
});

const edges = new Map<string, Set<string>>();
for (const [file, imports] of Object.entries(result.obj())) {
  if (isTestCode(file) || !/^(server|client|shared)\//.test(file)) continue;
  const from = unitOf(file);
  const targets = edges.get(from) ?? new Set<string>();
  edges.set(from, targets);
  for (const imported of imports) {
    if (!/^(server|client|shared)\//.test(imported)) continue;
    const to = unitOf(imported);
    if (to !== from) targets.add(to);
  }
}

/** Tarjan's strongly connected components: every group of units that reach each other. */
function cyclesOf(graph: Map<string, Set<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  let next = 0;
  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next);
    next += 1;
    stack.push(node);
    onStack.add(node);
    for (const target of graph.get(node) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node)!, low.get(target)!));
      } else if (onStack.has(target)) {
        low.set(node, Math.min(low.get(node)!, index.get(target)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1) groups.push(group.sort());
    }
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return groups;
}

const cycles = cyclesOf(edges);

if (values.dot) {
  console.log('digraph units {\n  rankdir=LR;');
  for (const [from, targets] of [...edges].sort())
    for (const to of [...targets].sort()) console.log(`  "${from}" -> "${to}";`);
  console.log('}');
} else if (!values.check) {
  for (const [from, targets] of [...edges].sort()) {
    if (targets.size) console.log(`${from} -> ${[...targets].sort().join(', ')}`);
  }
}

if (cycles.length === 0) {
  if (!values.dot) console.log(`module graph: ${edges.size} units, no cycles`);
} else {
  for (const group of cycles) {
    console.error(`module graph: cycle between ${group.join(', ')}`);
    for (const from of group) {
      const inside = [...(edges.get(from) ?? [])].filter((to) => group.includes(to));
      console.error(`  ${from} -> ${inside.join(', ')}`);
    }
  }
  process.exitCode = values.check ? 1 : 0;
}
