import { readFileSync } from 'node:fs';
import { isCollection, isMap, isNode, LineCounter, parseDocument, type Node } from 'yaml';
import type { z } from 'zod';
import type { Conference } from '../shared/conference.ts';
import { conferenceSchema } from '../shared/schemas/conference.ts';

/** A configuration the server refuses to start with: each problem names its key and line. */
export class ConferenceFileError extends Error {
  constructor(
    readonly file: string,
    readonly problems: string[],
  ) {
    super(`Invalid conference file ${file}:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
  }
}

type PathPart = string | number;

const dotted = (path: readonly PathPart[]) =>
  path.reduce<string>(
    (text, part) => (typeof part === 'number' ? `${text}[${part}]` : text ? `${text}.${part}` : part),
    '',
  );

/**
 * The YAML node nearest to `path`: the value itself, or the closest parent that exists (a
 * missing key is reported on the line of the object it is missing from).
 */
function nearestNode(root: Node | null, path: readonly PathPart[]): Node | null {
  let node: Node | null = root;
  for (const part of path) {
    const child: unknown = isCollection(node) ? node.get(part, true) : undefined;
    if (!isNode(child)) return node;
    node = child;
  }
  return node;
}

/** The key's own node, for a key the schema does not know. */
function keyNode(parent: Node | null, key: string): Node | null {
  if (!isMap(parent)) return parent;
  const pair = parent.items.find((item) => isNode(item.key) && (item.key as { value?: unknown }).value === key);
  return pair && isNode(pair.key) ? pair.key : parent;
}

function describeIssues(root: Node | null, lines: LineCounter, issues: readonly z.core.$ZodIssue[]): string[] {
  const lineOf = (node: Node | null) => (node?.range ? lines.linePos(node.range[0]).line : 1);
  return issues.flatMap((issue) => {
    const path = issue.path.filter((part): part is PathPart => typeof part !== 'symbol');
    if (issue.code === 'unrecognized_keys') {
      const parent = nearestNode(root, path);
      return issue.keys.map((key) => `line ${lineOf(keyNode(parent, key))}: ${dotted([...path, key])}: unknown key`);
    }
    const node = nearestNode(root, path);
    const missing = issue.code === 'invalid_type' && issue.input === undefined;
    return [`line ${lineOf(node)}: ${dotted(path) || '(file)'}: ${missing ? 'required, missing' : issue.message}`];
  });
}

/** A conference from its YAML text: valid, or every problem with its key and line. */
export function parseConferenceYaml(yamlText: string, file: string): Conference {
  const lines = new LineCounter();
  const document = parseDocument(yamlText, { lineCounter: lines, prettyErrors: false, uniqueKeys: true });
  if (document.errors.length > 0)
    throw new ConferenceFileError(
      file,
      document.errors.map((error) => `line ${lines.linePos(error.pos[0]).line}: ${error.message.split('\n')[0]}`),
    );
  const parsed = conferenceSchema.safeParse(document.toJS());
  if (!parsed.success)
    throw new ConferenceFileError(file, describeIssues(document.contents, lines, parsed.error.issues));
  return parsed.data;
}

/** The conference file CONFERENCE_FILE names, read once at start. */
export function readConferenceFile(file: string): Conference {
  let yamlText: string;
  try {
    yamlText = readFileSync(file, 'utf8');
  } catch (error) {
    throw new ConferenceFileError(file, [(error as Error).message]);
  }
  return parseConferenceYaml(yamlText, file);
}
