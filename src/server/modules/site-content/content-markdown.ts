import MarkdownIt from 'markdown-it';
import type Token from 'markdown-it/lib/token.mjs';
import type { MarkdownBlock, MarkdownRun } from '@shared/schemas/site-content.ts';

/** What start-up tells the operator about a content file: where, and what was done about it. */
export interface ContentWarning {
  file: string;
  line: number;
  message: string;
}

/** Elements whose content goes with them: a script's code is no text to show. */
const ELEMENTS_WITH_CONTENT = /<(script|style|iframe|object|template)\b[^>]*>[\s\S]*?<\/\1\s*>/gi;
/** Any other tag or comment; not an autolink such as <https://...> or <name@example.org>. */
const TAG = /<!--[\s\S]*?-->|<\/?[A-Za-z][A-Za-z0-9-]*(?:\s[^<>]*)?\/?>/g;
const EVENT_HANDLER = /\son[a-z]+\s*=/i;

function lineAt(source: string, index: number): number {
  let line = 1;
  for (let i = 0; i < index; i++) if (source.charCodeAt(i) === 10) line++;
  return line;
}

/**
 * The file's text without raw HTML: script-like elements with their content, every other tag
 * (and so every event handler) alone. Removed parts keep their line breaks, so the lines that
 * YAML errors and later warnings name are the file's own.
 */
export function stripRawHtml(source: string, file: string): { text: string; warnings: ContentWarning[] } {
  const warnings: ContentWarning[] = [];
  const strip = (pattern: RegExp, text: string) =>
    text.replace(pattern, (match: string, ...rest: unknown[]) => {
      const offset = rest.find((value) => typeof value === 'number') as number;
      const name = /^<\/?([A-Za-z][A-Za-z0-9-]*)/.exec(match)?.[1]?.toLowerCase();
      const what = match.startsWith('<!--')
        ? 'an HTML comment'
        : EVENT_HANDLER.test(match)
          ? `an HTML tag with an event handler (<${name}>)`
          : `raw HTML (<${name}>)`;
      warnings.push({ file, line: lineAt(text, offset), message: `${what} removed: content files hold no HTML` });
      return match.replace(/[^\n]/g, '');
    });
  const text = strip(TAG, strip(ELEMENTS_WITH_CONTENT, source));
  return { text, warnings };
}

/** Links go to web pages, mail addresses and the site's own pages; nothing else is a link. */
export function isSafeLink(url: string): boolean {
  return /^(https?:\/\/|mailto:)/i.test(url) || /^\/(?!\/)/.test(url) || url.startsWith('#');
}

/**
 * Markdown as blocks of text runs (shared/schemas/site-content.ts): paragraphs, headings and
 * lists, with bold, italics, code and links. markdown-it runs with `html: false` (raw HTML is
 * text, and stripRawHtml has already removed it); a link to any other scheme (javascript:,
 * data:...) stays plain text, with a warning.
 */
export function markdownToBlocks(
  source: string,
  file: string,
): { blocks: MarkdownBlock[]; warnings: ContentWarning[] } {
  const warnings: ContentWarning[] = [];
  const refused: string[] = [];
  const md = new MarkdownIt({ html: false, linkify: false, typographer: false });
  md.validateLink = (url) => {
    if (isSafeLink(url)) return true;
    refused.push(url);
    return false;
  };
  const tokens = md.parse(source, {});
  const lines = source.split('\n');
  for (const url of refused) {
    const index = lines.findIndex((text) => text.includes(url));
    warnings.push({
      file,
      line: index + 1,
      message: `link to ${url.split(':')[0]}: left as text (links are http(s), mailto or a site path)`,
    });
  }

  const blocks: MarkdownBlock[] = [];
  let list: Extract<MarkdownBlock, { kind: 'list' }> | undefined;
  let listDepth = 0;
  let heading = false;
  for (const token of tokens) {
    switch (token.type) {
      case 'bullet_list_open':
      case 'ordered_list_open':
        // A nested list continues its parent's items: the pages show one level.
        if (listDepth++ === 0) {
          list = { kind: 'list', ordered: token.type === 'ordered_list_open', items: [] };
          blocks.push(list);
        }
        break;
      case 'bullet_list_close':
      case 'ordered_list_close':
        if (--listDepth === 0) list = undefined;
        break;
      case 'heading_open':
        heading = true;
        break;
      case 'heading_close':
        heading = false;
        break;
      case 'inline': {
        const runs = inlineRuns(token.children ?? []);
        if (list) list.items.push(runs);
        else blocks.push({ kind: heading ? 'heading' : 'paragraph', runs });
        break;
      }
      case 'fence':
      case 'code_block':
        blocks.push({ kind: 'paragraph', runs: [{ text: token.content.trimEnd(), code: true }] });
        break;
      default:
        break;
    }
  }
  return { blocks, warnings };
}

function inlineRuns(children: Token[]): MarkdownRun[] {
  const runs: MarkdownRun[] = [];
  let strong = 0;
  let em = 0;
  let href: string | undefined;
  const push = (text: string, code?: boolean) => {
    const run: MarkdownRun = { text };
    if (strong > 0) run.strong = true;
    if (em > 0) run.em = true;
    if (code) run.code = true;
    if (href !== undefined) run.href = href;
    const last = runs.at(-1);
    const sameLook =
      last && !code && !last.code && last.strong === run.strong && last.em === run.em && last.href === run.href;
    if (sameLook) last.text += text;
    else runs.push(run);
  };
  for (const child of children) {
    switch (child.type) {
      case 'text':
        push(child.content);
        break;
      case 'softbreak':
      case 'hardbreak':
        push(' ');
        break;
      case 'code_inline':
        push(child.content, true);
        break;
      case 'image':
        push(child.content);
        break;
      case 'strong_open':
        strong++;
        break;
      case 'strong_close':
        strong--;
        break;
      case 'em_open':
        em++;
        break;
      case 'em_close':
        em--;
        break;
      case 'link_open':
        href = child.attrGet('href') ?? undefined;
        break;
      case 'link_close':
        href = undefined;
        break;
      default:
        if (child.content) push(child.content);
    }
  }
  return runs;
}
