import type { AdminPaper, PaperHistory, SubmissionHistoryEntry } from '@shared/schemas/admin-paper.ts';

export interface ActivityEvent {
  id: string;
  kind: 'account' | 'abstract' | 'fullpaper';
  title: string;
  subtitle?: string;
  at: string;
}

type ActivityPaper = Pick<AdminPaper, '_id' | 'title' | 'submittedAt' | 'fullPaperSubmittedAt' | 'fullPaperPdfPath'>;
type ActivityHistory = Pick<PaperHistory, 'abstractSubmissionHistory' | 'fullPaperSubmissionHistory'>;

function versionEvents(
  paper: ActivityPaper,
  kind: 'abstract' | 'fullpaper',
  entries: SubmissionHistoryEntry[],
): ActivityEvent[] {
  const noun = kind === 'abstract' ? 'Abstract' : 'Full Paper';
  return entries.map((entry) =>
    entry.version === 1
      ? { id: `${kind}-${entry._id}`, kind, title: `${noun} Submitted: ${paper.title}`, at: entry.submittedAt }
      : {
          id: `${kind}-${entry._id}`,
          kind,
          title: `${noun} Re-uploaded: ${paper.title}`,
          subtitle: `Version ${entry.version}`,
          at: entry.submittedAt,
        },
  );
}

/**
 * The user page's Recent Activity (spec 2.6), newest first: the account, then every abstract
 * and full-paper version of each paper. A paper whose history is unknown or has no full-paper
 * version but does have a full paper file still gets one full-paper event.
 */
export function buildUserActivity(
  user: { _id: string; createdAt: string },
  papers: ActivityPaper[],
  historyOf: (paperId: string) => ActivityHistory | undefined,
): ActivityEvent[] {
  const events: ActivityEvent[] = [
    { id: `account-${user._id}`, kind: 'account', title: 'Account Created', at: user.createdAt },
  ];
  for (const paper of papers) {
    const history = historyOf(paper._id);
    events.push(...versionEvents(paper, 'abstract', history?.abstractSubmissionHistory ?? []));
    const fullPaperVersions = history?.fullPaperSubmissionHistory ?? [];
    if (fullPaperVersions.length > 0) events.push(...versionEvents(paper, 'fullpaper', fullPaperVersions));
    else if (paper.fullPaperPdfPath) {
      events.push({
        id: `fullpaper-${paper._id}`,
        kind: 'fullpaper',
        title: `Full Paper Submitted: ${paper.title}`,
        at: paper.fullPaperSubmittedAt ?? paper.submittedAt,
      });
    }
  }
  const time = (event: ActivityEvent) => new Date(event.at).getTime() || 0;
  return events.sort((a, b) => time(b) - time(a));
}
