import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  CURRENCIES,
  formatMoney,
  FULL_PAPER_REQUIREMENT_LABELS,
  FULL_PAPER_REQUIREMENTS,
  minorToMajorText,
} from '@shared/domain/fees.ts';
import { formatConferenceDate } from '@shared/domain/deadlines.ts';
import { feeCategoryFormSchema } from '@shared/schemas/fee-forms.ts';
import type { FeeCategory, FeeCategoryBody } from '@shared/schemas/fees.ts';
import { Alert } from '@client/components/ui/alert.tsx';
import { Button } from '@client/components/ui/button.tsx';
import { SelectField, TextField } from '@client/components/ui/form-field.tsx';
import { Panel } from '@client/components/ui/panel.tsx';
import { errorText } from '@client/lib/api.ts';
import { VALIDATE_ON_SUBMIT_ONLY } from '@client/lib/form-options.ts';
import { useToast } from '@client/lib/toast.tsx';
import { useAdminFees, useDeleteCategory, useSaveCategory, useSaveFeeSettings } from './fees-admin-api.ts';

const EMPTY: FeeCategoryBody = { name: '', currency: 'INR', earlyBird: '', late: '' };

/** The "Fees" page's categories: each with its currency and its early-bird and late amounts. */
export function FeeCategories() {
  const fees = useAdminFees();
  const save = useSaveCategory();
  const remove = useDeleteCategory();
  const toast = useToast();
  const [editing, setEditing] = useState<string | undefined>();
  const [error, setError] = useState<string>();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<FeeCategoryBody>({
    resolver: zodResolver(feeCategoryFormSchema),
    defaultValues: EMPTY,
    ...VALIDATE_ON_SUBMIT_ONLY,
  });

  const edit = (category: FeeCategory) => {
    setEditing(category._id);
    reset({
      name: category.name,
      currency: category.currency,
      earlyBird: minorToMajorText(category.earlyBirdMinor),
      late: minorToMajorText(category.lateMinor),
    });
  };
  const stopEditing = () => {
    setEditing(undefined);
    reset(EMPTY);
  };
  const onSubmit = handleSubmit((body) => {
    setError(undefined);
    save.mutate(
      { id: editing, body },
      {
        onSuccess: (answer) => {
          toast.success(answer.message);
          stopEditing();
        },
        onError: (failure) => setError(errorText(failure, 'The category could not be saved.')),
      },
    );
  });

  const periods = fees.data?.periods;
  return (
    <Panel title="Fee categories" headingLevel={2}>
      {fees.isError && (
        <Alert className="mb-3">{errorText(fees.error, 'The fee categories could not be loaded.')}</Alert>
      )}
      {periods && (
        <p className="mb-3 text-sm text-slate-700">
          Early bird: payments received from {formatConferenceDate(periods.earlyBirdOpens)} to{' '}
          {formatConferenceDate(periods.earlyBirdCloses)}; late: from{' '}
          {formatConferenceDate(periods.lateRegistrationOpens)}. These dates are set on the Deadlines page.
        </p>
      )}
      <div className="overflow-x-auto">
        <table className="min-w-full text-left text-sm">
          <thead>
            <tr className="border-b border-slate-300 text-slate-600">
              <th scope="col" className="py-2 pr-3">
                Category
              </th>
              <th scope="col" className="py-2 pr-3">
                Early bird
              </th>
              <th scope="col" className="py-2 pr-3">
                Late
              </th>
              <th scope="col" className="py-2">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {fees.data?.categories.map((category) => (
              <tr key={category._id} className="border-b border-slate-200">
                <th scope="row" className="py-2 pr-3 font-medium">
                  {category.name}
                </th>
                <td className="py-2 pr-3 whitespace-nowrap">
                  {formatMoney(category.earlyBirdMinor, category.currency)}
                </td>
                <td className="py-2 pr-3 whitespace-nowrap">{formatMoney(category.lateMinor, category.currency)}</td>
                <td className="py-2 whitespace-nowrap">
                  <Button variant="ghost" onClick={() => edit(category)} aria-label={`Edit ${category.name}`}>
                    Edit
                  </Button>
                  <Button
                    variant="ghost"
                    aria-label={`Delete ${category.name}`}
                    onClick={() =>
                      remove.mutate(category._id, {
                        onSuccess: (answer) => toast.success(answer.message),
                        onError: (failure) => toast.error(errorText(failure, 'The category could not be deleted.')),
                      })
                    }
                  >
                    Delete
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {fees.data?.categories.length === 0 && <p className="py-3 text-sm text-slate-600">No fee categories yet.</p>}
      </div>
      <form onSubmit={onSubmit} noValidate className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-5 lg:items-start">
        <TextField label="Category" error={errors.name?.message} {...register('name')} />
        <SelectField
          label="Currency"
          options={CURRENCIES.map((c) => ({ value: c, label: c }))}
          {...register('currency')}
        />
        <TextField
          label="Early-bird amount"
          inputMode="decimal"
          error={errors.earlyBird?.message}
          {...register('earlyBird')}
        />
        <TextField label="Late amount" inputMode="decimal" error={errors.late?.message} {...register('late')} />
        <div className="flex gap-2 lg:mt-6">
          <Button type="submit" disabled={save.isPending}>
            {editing ? 'Save category' : 'Add category'}
          </Button>
          {editing && (
            <Button variant="secondary" onClick={stopEditing}>
              Cancel
            </Button>
          )}
        </div>
      </form>
      {error && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      )}
    </Panel>
  );
}

/** What opens the full-paper upload: an entered payment ID (as announced) or a confirmed payment. */
export function FullPaperSetting() {
  const fees = useAdminFees();
  const save = useSaveFeeSettings();
  const toast = useToast();
  // Drawn whatever the answer, no choice made until it comes: the panel keeps its size and place.
  const current = fees.data?.fullPaperRequires;
  return (
    <Panel title="Full paper" headingLevel={2}>
      {/* Radio buttons rather than a select: the choices are sentences that a phone's select cuts short. */}
      <fieldset disabled={save.isPending || current === undefined}>
        <legend className="text-sm font-medium text-slate-800">The full paper can be submitted when</legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {FULL_PAPER_REQUIREMENTS.map((value) => (
            <label
              key={value}
              className="flex items-start gap-3 rounded-lg border border-slate-200 p-3 text-sm has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50"
            >
              <input
                type="radio"
                name="full-paper-requires"
                value={value}
                className="mt-0.5 size-4"
                checked={current === value}
                onChange={async () => {
                  try {
                    const answer = await save.mutateAsync(value);
                    toast.success(answer.message);
                  } catch (failure) {
                    toast.error(errorText(failure, 'The setting could not be saved.'));
                  }
                }}
              />
              <span className="text-slate-900">{FULL_PAPER_REQUIREMENT_LABELS[value]}</span>
            </label>
          ))}
        </div>
      </fieldset>
    </Panel>
  );
}
