import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { MarkdownBlock, MarkdownRun } from '@shared/schemas/site-content.ts';
import { conference } from '@client/content/conference.ts';
import { useConferenceDays } from '@client/lib/use-conference-dates.ts';

/** What a content text's placeholders stand for; undefined while not known (the dates before they load). */
export type PlaceholderValues = Record<string, string | undefined>;

/** The placeholders every content text may use: the conference's names and venue, and its days once known. */
export function usePlaceholders(): PlaceholderValues {
  return {
    shortName: conference.shortName,
    fullName: conference.fullName,
    venue: conference.venue,
    conferenceDays: useConferenceDays(),
  };
}

const OPTIONAL_PART = /\[\[([\s\S]*?)\]\]/g;
const PLACEHOLDER = /\{(\w+)\}/g;

/**
 * A content text with its placeholders filled: `{name}` by its value, and a part in `[[ ]]`
 * kept only when every placeholder in it has one. An unknown name stays as written.
 */
export function fillPlaceholders(text: string, values: PlaceholderValues): string {
  const known = (name: string) => Object.hasOwn(values, name);
  const withParts = text.replace(OPTIONAL_PART, (_part, inner: string) =>
    [...inner.matchAll(PLACEHOLDER)].every(([, name]) => !known(name!) || values[name!] !== undefined) ? inner : '',
  );
  return withParts.replace(PLACEHOLDER, (whole, name: string) => (known(name) ? (values[name] ?? '') : whole));
}

const LINK_CLASS = 'font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900';

function runContent(run: MarkdownRun, values: PlaceholderValues, key: number): ReactNode {
  let node: ReactNode = fillPlaceholders(run.text, values);
  if (run.code) node = <code key={key}>{node}</code>;
  if (run.em) node = <em key={key}>{node}</em>;
  if (run.strong) node = <strong key={key}>{node}</strong>;
  return node;
}

/** A line of runs: consecutive runs of one link make one link (a site path through the router). */
export function Runs({ runs, values }: { runs: readonly MarkdownRun[]; values: PlaceholderValues }) {
  const nodes: ReactNode[] = [];
  for (let i = 0; i < runs.length; i++) {
    const href = runs[i]!.href;
    if (href === undefined) {
      nodes.push(runContent(runs[i]!, values, i));
      continue;
    }
    const start = i;
    const inside: ReactNode[] = [];
    while (i < runs.length && runs[i]!.href === href) inside.push(runContent(runs[i]!, values, i++));
    i--;
    nodes.push(
      href.startsWith('/') ? (
        <Link key={start} to={href} className={LINK_CLASS}>
          {inside}
        </Link>
      ) : (
        <a key={start} href={href} className={LINK_CLASS} rel="noopener noreferrer">
          {inside}
        </a>
      ),
    );
  }
  // One plain run is one text node: the same markup as a string written in the page.
  return nodes.length === 1 ? nodes[0] : nodes;
}

/** Markdown from a content file (already parsed by the server) as paragraphs, headings and lists. */
export function Prose({ blocks, values = {} }: { blocks: readonly MarkdownBlock[]; values?: PlaceholderValues }) {
  return blocks.map((block, index) => {
    switch (block.kind) {
      case 'paragraph':
        return (
          <p key={index}>
            <Runs runs={block.runs} values={values} />
          </p>
        );
      case 'heading':
        return (
          <h3 key={index} className="text-lg font-semibold text-slate-900">
            <Runs runs={block.runs} values={values} />
          </h3>
        );
      case 'list': {
        const List = block.ordered ? 'ol' : 'ul';
        return (
          <List key={index} className={block.ordered ? 'list-decimal pl-6' : 'list-disc pl-6'}>
            {block.items.map((runs, item) => (
              <li key={item}>
                <Runs runs={runs} values={values} />
              </li>
            ))}
          </List>
        );
      }
    }
  });
}
