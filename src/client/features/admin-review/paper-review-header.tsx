import { type ReactNode, useState } from 'react';
import type { AdminPaper } from '@shared/schemas/admin-paper.ts';
import { buttonClass } from '@client/components/ui/button.tsx';
import { formatDate } from '@client/lib/dates.ts';
import { StatusBadge } from '@client/components/status-badge.tsx';
import { HeldDecisionBadge } from '@client/components/held-decision-badge.tsx';
import { HistoryModal } from './history-modal.tsx';

/** The review page's top card (spec 2.7): who and what the paper is, and the ways to open its files. */
/** `chat` is the paper's chat button, given by the page (the chat is a feature of its own). */
export function PaperReviewHeader({ paper, chat }: { paper: AdminPaper; chat: ReactNode }) {
  const authorCount = paper.authors.length;
  return (
    <header className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <div className="flex flex-wrap items-center gap-3">
        <StatusBadge status={paper.status} />
        {paper.heldDecision && <HeldDecisionBadge held={paper.heldDecision} />}
        <span className="font-mono text-sm text-slate-600" data-testid="paper-ictacem-id">
          {paper.ictacemId}
        </span>
      </div>
      <h1 className="mt-3 text-2xl font-bold break-words text-brand-900 sm:text-3xl">{paper.title}</h1>
      <ul className="mt-3 flex flex-wrap gap-x-5 gap-y-1 text-sm text-slate-600">
        <li>{paper.theme}</li>
        <li>Submitted {formatDate(paper.submittedAt)}</li>
        <li>
          {authorCount} {authorCount === 1 ? 'author' : 'authors'}
        </li>
      </ul>
      <PaperActions paper={paper} chat={chat} />
    </header>
  );
}

function PaperActions({ paper, chat }: { paper: AdminPaper; chat: ReactNode }) {
  const [historyOpen, setHistoryOpen] = useState(false);
  return (
    <div className="mt-5 grid gap-2 border-t border-slate-100 pt-4 sm:flex sm:flex-wrap">
      {paper.pdfPath && (
        <a href={paper.pdfPath} target="_blank" rel="noopener noreferrer" className={buttonClass('secondary')}>
          View Abstract<span className="sr-only"> (opens in a new tab)</span>
        </a>
      )}
      {paper.fullPaperPdfPath && (
        <a href={paper.fullPaperPdfPath} target="_blank" rel="noopener noreferrer" className={buttonClass('secondary')}>
          View Full Paper<span className="sr-only"> (opens in a new tab)</span>
        </a>
      )}
      <button type="button" onClick={() => setHistoryOpen(true)} className={buttonClass('secondary')}>
        Submission History
      </button>
      {chat}
      {historyOpen && (
        <HistoryModal paperId={paper._id} paperTitle={paper.title} onClose={() => setHistoryOpen(false)} />
      )}
    </div>
  );
}
