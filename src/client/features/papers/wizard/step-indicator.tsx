export const WIZARD_STEPS = ['Paper Details', 'Authors', 'Upload & Submit'] as const;

/** Where the author is in the three steps; the current one carries aria-current="step". */
export function StepIndicator({ currentStep }: { currentStep: number }) {
  return (
    <ol className="grid grid-cols-3 gap-2" aria-label="Submission steps">
      {WIZARD_STEPS.map((label, index) => {
        const stepNumber = index + 1;
        const done = stepNumber < currentStep;
        const current = stepNumber === currentStep;
        return (
          <li
            key={label}
            aria-current={current ? 'step' : undefined}
            className="flex flex-col items-center gap-1 text-center"
          >
            <span
              className={`flex h-9 w-9 items-center justify-center rounded-full border-2 text-sm font-bold ${
                current
                  ? 'border-brand-700 bg-brand-700 text-white'
                  : done
                    ? 'border-green-600 bg-green-600 text-white'
                    : 'border-slate-300 bg-white text-slate-500'
              }`}
              aria-hidden="true"
            >
              {done ? '✓' : stepNumber}
            </span>
            <span className={`text-xs font-medium sm:text-sm ${current ? 'text-brand-900' : 'text-slate-600'}`}>
              <span className="sr-only">{`Step ${stepNumber}: `}</span>
              {label}
              {done && <span className="sr-only"> (completed)</span>}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
