import { formatCount } from '@shared/format/numbers.ts';
import { DECISION_RELEASE_MODE_LABELS } from '@shared/domain/decision-release.ts';
import { Button } from '@client/components/ui/button.tsx';
import { useDecisionRelease } from './decision-release-api.ts';

interface HeldDecisionsBarProps {
  /** Whether the list shows only the papers with a held decision. */
  showingHeld: boolean;
  onShowHeld: (on: boolean) => void;
  onRelease: () => void;
}

/** Above the paper list while decisions are held: how many, a filter to them, and "Release decisions…". */
export function HeldDecisionsBar({ showingHeld, onShowHeld, onRelease }: HeldDecisionsBarProps) {
  const settings = useDecisionRelease();
  const held = settings.data?.held.total ?? 0;
  if (held === 0) return null;
  return (
    <div
      className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm"
      data-testid="held-decisions-bar"
    >
      <p className="font-semibold text-amber-950">
        {formatCount(held)} {held === 1 ? 'decision' : 'decisions'} held
        <span className="font-normal text-amber-900">
          {' '}
          (Release decisions: {DECISION_RELEASE_MODE_LABELS[settings.data!.mode]})
        </span>
      </p>
      <div className="flex flex-wrap gap-2 sm:ml-auto">
        <Button variant="secondary" aria-pressed={showingHeld} onClick={() => onShowHeld(!showingHeld)}>
          {showingHeld ? 'Show all papers' : 'Show held decisions'}
        </Button>
        <Button onClick={onRelease}>Release decisions…</Button>
      </div>
    </div>
  );
}
