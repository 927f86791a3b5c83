import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { isMap, isNode, LineCounter, parseDocument } from 'yaml';
import type { z } from 'zod';
import {
  CONTENT_PROSE_FILES,
  contentListsSchema,
  type MarkdownBlock,
  type SiteContent,
} from '@shared/schemas/site-content.ts';
import { type ContentWarning, markdownToBlocks, stripRawHtml } from './content-markdown.ts';

/** A content file the server cannot show: the start stops, naming the file, the key and the line. */
export class ContentFileError extends Error {
  override name = 'ContentFileError';
}

type ListFile = keyof typeof contentListsSchema;
type Lists = { [File in ListFile]: z.infer<(typeof contentListsSchema)[File]> };

async function readContentFile(dir: string, file: string): Promise<string> {
  try {
    return await readFile(path.join(dir, file), 'utf8');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'the file is missing' : String(error);
    throw new ContentFileError(`${path.join(dir, file)}: ${reason}`);
  }
}

/** The line of the deepest node the path reaches: the key itself, or the object a missing key belongs to. */
function lineOfPath(
  doc: ReturnType<typeof parseDocument>,
  keys: readonly PropertyKey[],
  lineCounter: LineCounter,
): number {
  for (let length = keys.length; length >= 0; length--) {
    const node = doc.getIn(keys.slice(0, length) as unknown[], true);
    if (isNode(node) && node.range) return lineCounter.linePos(node.range[0]).line;
    if (length === 0 && isMap(doc.contents) && doc.contents.range)
      return lineCounter.linePos(doc.contents.range[0]).line;
  }
  return 1;
}

/** One YAML file, without raw HTML, checked against its schema. */
async function readListFile<File extends ListFile>(
  dir: string,
  file: File,
  warnings: ContentWarning[],
): Promise<Lists[File]> {
  const where = path.join(dir, file);
  const { text, warnings: stripped } = stripRawHtml(await readContentFile(dir, file), where);
  warnings.push(...stripped);
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  const [syntax] = doc.errors;
  if (syntax) {
    const line = syntax.linePos?.[0]?.line ?? lineCounter.linePos(syntax.pos[0]).line;
    throw new ContentFileError(`${where}:${line}: not valid YAML: ${syntax.message.split('\n')[0]}`);
  }
  const parsed = contentListsSchema[file].safeParse(doc.toJS() ?? {});
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const line = lineOfPath(doc, issue.path, lineCounter);
      const key = issue.path.length > 0 ? issue.path.join('.') : '(the file)';
      return `${where}:${line}: ${key}: ${issue.message}`;
    });
    throw new ContentFileError(problems.join('\n'));
  }
  return parsed.data as Lists[File];
}

async function readProseFile(dir: string, file: string, warnings: ContentWarning[]): Promise<MarkdownBlock[]> {
  const where = path.join(dir, file);
  const stripped = stripRawHtml(await readContentFile(dir, file), where);
  const converted = markdownToBlocks(stripped.text, where);
  warnings.push(...stripped.warnings, ...converted.warnings);
  return converted.blocks;
}

/**
 * Every content file of `dir`, checked and made safe: raw HTML is removed (with a warning naming
 * the file and line), and a file that is missing or does not match its schema throws a
 * ContentFileError naming the file, the key and the line.
 */
export async function loadSiteContent(dir: string): Promise<{ content: SiteContent; warnings: ContentWarning[] }> {
  const warnings: ContentWarning[] = [];
  const [home, about, committee, speakers, sponsorship, importantDates, documents] = await Promise.all([
    readListFile(dir, 'home.yaml', warnings),
    readListFile(dir, 'about.yaml', warnings),
    readListFile(dir, 'committee.yaml', warnings),
    readListFile(dir, 'speakers.yaml', warnings),
    readListFile(dir, 'sponsorship.yaml', warnings),
    readListFile(dir, 'important-dates.yaml', warnings),
    readListFile(dir, 'documents.yaml', warnings),
  ]);
  const [conference, campus] = await Promise.all(CONTENT_PROSE_FILES.map((file) => readProseFile(dir, file, warnings)));
  const body = {
    home,
    about: { ...about, conference: conference!, campus: campus! },
    committee,
    speakers: speakers.speakers,
    sponsorship,
    importantDates,
    documents,
  };
  const version = createHash('sha256').update(JSON.stringify(body)).digest('base64url').slice(0, 22);
  return { content: { version, ...body }, warnings };
}

/** The content directory: `content` beside the conference file, or the project's own (the default edition). */
export function contentDirOf(config: { conferenceFile?: string }, projectRoot: string): string {
  return config.conferenceFile
    ? path.join(path.dirname(path.resolve(config.conferenceFile)), 'content')
    : path.join(projectRoot, 'content');
}
