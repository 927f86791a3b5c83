import { type ReactNode, useEffect, useEffectEvent, useId, useRef } from 'react';
import { Spinner } from '@client/components/ui/spinner.tsx';
import { formatCount } from '@shared/format/numbers.ts';
import { Alert } from '@client/components/ui/alert.tsx';

/** Spec 2.2: the text shown while a list or the statistics load. */
export const LOADING_TEXT = 'Loading data...';

/** `fillsPage`: what loads is the rest of the page (Spinner). */
export function LoadingData({ fillsPage = false }: { fillsPage?: boolean }) {
  return <Spinner label={LOADING_TEXT} fillsPage={fillsPage} />;
}

const ACCENTS = {
  brand: 'border-l-brand-600',
  green: 'border-l-green-500',
  red: 'border-l-red-500',
  blue: 'border-l-blue-500',
  yellow: 'border-l-yellow-500',
  purple: 'border-l-purple-500',
  slate: 'border-l-slate-400',
} as const;
export type Accent = keyof typeof ACCENTS;

/** A number with its label and an optional line under it (e.g. "40% of total"). */
export function StatCard({
  label,
  value,
  detail,
  accent = 'brand',
}: {
  label: string;
  value: ReactNode;
  detail?: string;
  accent?: Accent;
}) {
  return (
    <div
      className={`min-w-0 rounded-xl border border-l-4 border-slate-200 bg-white p-4 shadow-sm ${ACCENTS[accent]}`}
      data-testid="stat-card"
    >
      <p className="text-sm font-medium text-slate-600">{label}</p>
      <p className="mt-1 text-2xl font-bold text-slate-900 tabular-nums">
        {typeof value === 'number' ? formatCount(value) : value}
      </p>
      {detail && <p className="mt-0.5 text-xs text-slate-500">{detail}</p>}
    </div>
  );
}

/** Label and value rows inside a panel. */
export function FactList({ facts }: { facts: readonly (readonly [string, ReactNode])[] }) {
  return (
    <dl className="divide-y divide-slate-100 text-sm">
      {facts.map(([term, value]) => (
        <div key={term} className="flex items-baseline justify-between gap-4 py-2">
          <dt className="text-slate-600">{term}</dt>
          <dd className="text-right font-semibold text-slate-900 tabular-nums">
            {typeof value === 'number' ? formatCount(value) : value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

export function EmptyState({ title, hint }: { title: string; hint?: string }) {
  return (
    <div className="rounded-xl border border-dashed border-slate-300 bg-white px-4 py-10 text-center">
      <p className="font-semibold text-slate-800">{title}</p>
      {hint && <p className="mt-1 text-sm text-slate-600">{hint}</p>}
    </div>
  );
}

/** Shown in place of content that failed to load; the banner says why. */
export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <Alert centred>
      <p>This data could not be loaded.</p>
      <button type="button" onClick={onRetry} className="mt-2 font-semibold underline hover:no-underline">
        Try again
      </button>
    </Alert>
  );
}

const controlClass =
  'block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base shadow-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none sm:text-sm';

export interface SelectOption<V extends string | number> {
  value: V;
  label: string;
}

export function SelectField<V extends string | number>({
  label,
  value,
  options,
  onChange,
  className = '',
}: {
  label: string;
  value: V;
  options: readonly SelectOption<V>[];
  onChange: (value: V) => void;
  className?: string;
}) {
  const id = useId();
  return (
    <div className={`min-w-0 ${className}`}>
      <label htmlFor={id} className="mb-1 block text-xs font-semibold tracking-wide text-slate-600 uppercase">
        {label}
      </label>
      <select
        id={id}
        value={String(value)}
        // The options carry the typed values; the select only ever reports one of their strings.
        onChange={(event) => onChange(options.find((option) => String(option.value) === event.target.value)!.value)}
        className={controlClass}
      >
        {options.map((option) => (
          <option key={String(option.value)} value={String(option.value)}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

export function SearchField({
  label,
  placeholder,
  value,
  onChange,
}: {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  // Text typed into the server's HTML before the page's code ran: hydration keeps it in the box but
  // reports no change, so it is taken up once the box is live, as if typed then.
  const takeUpEarlyText = useEffectEvent(() => {
    const typed = input.current?.value;
    if (typed !== undefined && typed !== value) onChange(typed);
  });
  useEffect(() => takeUpEarlyText(), []);
  return (
    <div className="min-w-0 flex-1">
      <label htmlFor={id} className="mb-1 block text-xs font-semibold tracking-wide text-slate-600 uppercase">
        {label}
      </label>
      <input
        ref={input}
        id={id}
        type="search"
        value={value}
        placeholder={placeholder}
        onChange={(event) => onChange(event.target.value)}
        // The typed text stays 16 px on a phone (smaller makes iOS zoom in); the long placeholders fit at 14 px.
        className={`${controlClass} placeholder:text-sm`}
      />
    </div>
  );
}

/** "3 papers found" / "1 paper found". */
export function foundText(count: number, singular: string, plural: string): string {
  return `${formatCount(count)} ${count === 1 ? singular : plural} found`;
}
