import type * as Tldts from 'tldts';
import type { AutomaticConflictKind } from '@shared/domain/conflicts.ts';
import { loadedWhenUsed } from '@server/lib/loaded-when-used.ts';
import { foldText, institutionKeys } from './institution-keys.ts';

/** The public-suffix list, loaded by the first conflict check, not at start. */
const tldts = loadedWhenUsed<typeof Tldts>('tldts');

/** What is known of a committee member that could tie them to a paper's authors. */
export interface MemberProfile {
  memberId: string;
  userId: string | null;
  /** As invited and as on their account. */
  names: string[];
  emails: string[];
  /** As given at the invitation, and as the member wrote it on their own paper. */
  affiliations: string[];
  /** The other authors of the member's own paper. */
  coAuthorNames: string[];
}

export interface PaperProfile {
  paperId: string;
  submitterId: string;
  submitterEmail: string;
  /** The address may carry the author's e-mail ("IIT Kharagpur, a.sen@iitkgp.ac.in"). */
  authors: ReadonlyArray<{ name: string; affiliation: string; address: string }>;
}

export interface AutomaticConflict {
  kind: AutomaticConflictKind;
  /** What matched, as the paper shows it: a name, a domain or an affiliation. */
  detail: string;
}

/** "Zhang Wei" and "Wei ZHANG" are one name; initials are not expanded. */
export function nameKey(name: string): string {
  return foldText(name).split(' ').sort().join(' ');
}

/** Names reserved for examples and tests (RFC 2606, RFC 6761): no organisation is behind them. */
const RESERVED_DOMAIN = /(^|\.)(example|test|invalid|localhost)$|^example\.(com|net|org)$/;

/**
 * The organisation's domain: "me.iitb.ac.in" and "iitb.ac.in" are one; a free-mail or reserved
 * domain is none (a demo's or a test's authors all at demo.example are not colleagues).
 */
export function organisationDomain(email: string, freeMail: ReadonlySet<string>): string | null {
  const host = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  const domain = tldts().getDomain(host) ?? host;
  if (!host || freeMail.has(host) || freeMail.has(domain) || RESERVED_DOMAIN.test(domain)) return null;
  return domain;
}

/** E-mail addresses written in free text, lower-cased as accounts store them. */
const EMAIL_IN_TEXT = /[^\s@<>()[\],;:"']+@[^\s@<>()[\],;:"']+\.[^\s@<>()[\],;:"'.]+/g;

/** The e-mails the paper gives for its authors: the submitter's account and any in an author's address. */
export function authorEmailsOf(paper: PaperProfile): string[] {
  const written = paper.authors.flatMap((author) => author.address.match(EMAIL_IN_TEXT) ?? []);
  return [...new Set([paper.submitterEmail, ...written].map((email) => email.toLowerCase()))];
}

type Index = Map<string, Set<string>>;

function add(index: Index, key: string, memberId: string): void {
  if (!key) return;
  const members = index.get(key) ?? new Set<string>();
  members.add(memberId);
  index.set(key, members);
}

/**
 * Finds, for one paper at a time, the members it conflicts with and why. Built once from the whole
 * committee, it answers each paper from its own authors by lookups: the same finder serves one
 * paper's page and an assignment over thousands of papers.
 */
export function createConflictFinder(members: readonly MemberProfile[], freeMail: ReadonlySet<string>) {
  const byUser: Index = new Map();
  const byEmail: Index = new Map();
  const byName: Index = new Map();
  const byCoAuthor: Index = new Map();
  const byDomain: Index = new Map();
  const byInstitution: Index = new Map();
  for (const member of members) {
    if (member.userId) add(byUser, member.userId, member.memberId);
    for (const email of member.emails) add(byEmail, email.toLowerCase(), member.memberId);
    for (const name of member.names) add(byName, nameKey(name), member.memberId);
    for (const name of member.coAuthorNames) add(byCoAuthor, nameKey(name), member.memberId);
    for (const email of member.emails) add(byDomain, organisationDomain(email, freeMail) ?? '', member.memberId);
    for (const affiliation of member.affiliations)
      for (const key of institutionKeys(affiliation)) add(byInstitution, key, member.memberId);
  }

  return function conflictsOf(paper: PaperProfile): Map<string, AutomaticConflict[]> {
    const found = new Map<string, AutomaticConflict[]>();
    const note = (memberIds: Set<string> | undefined, conflict: AutomaticConflict) => {
      for (const memberId of memberIds ?? []) {
        const list = found.get(memberId) ?? [];
        if (!list.some((known) => known.kind === conflict.kind && known.detail === conflict.detail))
          list.push(conflict);
        found.set(memberId, list);
      }
    };
    note(byUser.get(paper.submitterId), { kind: 'own_paper', detail: '' });
    for (const email of authorEmailsOf(paper)) note(byEmail.get(email), { kind: 'author_email', detail: email });
    for (const author of paper.authors) {
      const key = nameKey(author.name);
      note(byName.get(key), { kind: 'author', detail: author.name });
      note(byCoAuthor.get(key), { kind: 'co_author', detail: author.name });
      for (const institution of institutionKeys(author.affiliation))
        note(byInstitution.get(institution), { kind: 'affiliation', detail: author.affiliation });
    }
    const domain = organisationDomain(paper.submitterEmail, freeMail);
    if (domain) note(byDomain.get(domain), { kind: 'email_domain', detail: domain });
    // On the member's own paper, that says it all: their name, institute and co-authors are on it too.
    for (const [memberId, list] of found)
      if (list.some((conflict) => conflict.kind === 'own_paper'))
        found.set(memberId, [{ kind: 'own_paper', detail: '' }]);
    return found;
  };
}

export type ConflictFinder = ReturnType<typeof createConflictFinder>;
