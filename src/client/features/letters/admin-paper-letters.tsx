import { buttonClass } from '@client/components/ui/button.tsx';
import { Panel } from '@client/components/ui/panel.tsx';
import { adminAcceptanceLetterUrl } from './letters-api.ts';

/** The review page's letters: an accepted paper's acceptance letter, as its author downloads it. */
export function AdminPaperLetters({ paperId, status }: { paperId: string; status: string }) {
  if (status !== 'abstract_accepted') return null;
  return (
    <Panel headingLevel={2} title="Letters">
      <a href={adminAcceptanceLetterUrl(paperId)} download className={buttonClass('secondary', 'w-full')}>
        Acceptance letter<span className="sr-only"> (PDF download)</span>
      </a>
    </Panel>
  );
}
