import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import type { PageLimits } from '@shared/schemas/preflight.ts';
import { Alert } from '@client/components/ui/alert.tsx';
import { Button } from '@client/components/ui/button.tsx';
import { Spinner } from '@client/components/ui/spinner.tsx';
import { errorText } from '@client/lib/api.ts';
import { VALIDATE_ON_SUBMIT_ONLY } from '@client/lib/form-options.ts';
import { useToast } from '@client/lib/toast.tsx';
import { usePageLimits, useSavePageLimits } from './preflight-api.ts';

const FIELDS: { key: keyof PageLimits; group: string; label: string }[] = [
  { key: 'abstractMinPages', group: 'Abstract pages', label: 'Minimum' },
  { key: 'abstractMaxPages', group: 'Abstract pages', label: 'Maximum' },
  { key: 'fullPaperMinPages', group: 'Full paper pages', label: 'Minimum' },
  { key: 'fullPaperMaxPages', group: 'Full paper pages', label: 'Maximum' },
];

const PAGE_COUNT_ERROR = 'A page limit is a whole number from 1 to 1000, or empty for no limit.';
const pageCount = z.string().refine((value) => value.trim() === '' || /^\d{1,4}$/.test(value.trim()), PAGE_COUNT_ERROR);
const PAGE_LIMITS_FORM = z.object({
  abstractMinPages: pageCount,
  abstractMaxPages: pageCount,
  fullPaperMinPages: pageCount,
  fullPaperMaxPages: pageCount,
});

/** "Abstract pages" and "Full paper pages" on the Deadlines page: what the PDF check refuses outside. */
export function PageLimitsSetting() {
  const limits = usePageLimits();
  if (limits.isPending) return <Spinner label="Loading the page limits..." />;
  if (limits.isError) return <Alert>{errorText(limits.error, 'The page limits could not be loaded.')}</Alert>;
  return <PageLimitsForm key={JSON.stringify(limits.data)} current={limits.data} />;
}

function PageLimitsForm({ current }: { current: PageLimits }) {
  const toast = useToast();
  const save = useSavePageLimits();
  const [failure, setFailure] = useState<string>();
  const { register, handleSubmit } = useForm({
    resolver: zodResolver(PAGE_LIMITS_FORM),
    defaultValues: Object.fromEntries(
      FIELDS.map(({ key }) => [key, current[key] === null ? '' : String(current[key])]),
    ) as Record<keyof PageLimits, string>,
    ...VALIDATE_ON_SUBMIT_ONLY,
  });
  const onSubmit = handleSubmit(
    (values) => {
      setFailure(undefined);
      const limits = Object.fromEntries(
        FIELDS.map(({ key }) => [key, values[key].trim() === '' ? null : Number(values[key])]),
      ) as PageLimits;
      save.mutate(limits, {
        onSuccess: (answer) => toast.success(answer.message),
        onError: (error) => setFailure(errorText(error, 'The page limits could not be saved. Please try again.')),
      });
    },
    () => setFailure(PAGE_COUNT_ERROR),
  );
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label="Page limits"
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h2 className="font-semibold text-slate-900">Page limits</h2>
      <p className="mt-1 text-sm text-slate-700">
        Every PDF is checked when it is uploaded. A file outside these limits is refused; empty means no limit (the
        pages are only reported).
      </p>
      <div className="mt-3 grid gap-4 sm:grid-cols-2">
        {['Abstract pages', 'Full paper pages'].map((group) => (
          <fieldset key={group} className="rounded-lg border border-slate-200 p-3">
            <legend className="px-1 text-sm font-semibold text-slate-900">{group}</legend>
            <div className="grid grid-cols-2 gap-3">
              {FIELDS.filter((field) => field.group === group).map(({ key, label }) => (
                <label key={key} className="text-sm text-slate-700">
                  {label}
                  <input
                    type="number"
                    min={1}
                    max={1000}
                    inputMode="numeric"
                    {...register(key)}
                    className="mt-1 block w-full rounded-md border border-slate-300 px-2 py-1.5"
                  />
                </label>
              ))}
            </div>
          </fieldset>
        ))}
      </div>
      {failure && <Alert className="mt-3">{failure}</Alert>}
      <div className="mt-3 flex justify-end">
        <Button type="submit" variant="secondary" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save page limits'}
        </Button>
      </div>
    </form>
  );
}
