import { type FormEvent, useState } from 'react';
import {
  CURRENCIES,
  type Currency,
  formatMoney,
  FULL_PAPER_REQUIREMENT_LABELS,
  FULL_PAPER_REQUIREMENTS,
  type FullPaperRequirement,
  minorToMajorText,
} from '@shared/domain/fees.ts';
import { formatConferenceDate } from '@shared/domain/deadlines.ts';
import type { FeeCategory } from '@shared/schemas/fees.ts';
import { Button } from '@client/components/ui/button.tsx';
import { SelectField, TextField } from '@client/components/ui/form-field.tsx';
import { Panel } from '@client/components/ui/panel.tsx';
import { errorText } from '@client/lib/api.ts';
import { useToast } from '@client/lib/toast.tsx';
import { useAdminFees, useDeleteCategory, useSaveCategory, useSaveFeeSettings } from './fees-admin-api.ts';

const EMPTY = { name: '', currency: 'INR' as Currency, earlyBird: '', late: '' };

/** The "Fees" page's categories: each with its currency and its early-bird and late amounts. */
export function FeeCategories() {
  const fees = useAdminFees();
  const save = useSaveCategory();
  const remove = useDeleteCategory();
  const toast = useToast();
  const [editing, setEditing] = useState<string | undefined>();
  const [form, setForm] = useState(EMPTY);
  const [error, setError] = useState<string>();

  const edit = (category: FeeCategory) => {
    setEditing(category._id);
    setForm({
      name: category.name,
      currency: category.currency,
      earlyBird: minorToMajorText(category.earlyBirdMinor),
      late: minorToMajorText(category.lateMinor),
    });
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    save.mutate(
      { id: editing, body: form },
      {
        onSuccess: (answer) => {
          toast.success(answer.message);
          setEditing(undefined);
          setForm(EMPTY);
        },
        onError: (failure) => setError(errorText(failure, 'The category could not be saved.')),
      },
    );
  };

  const periods = fees.data?.periods;
  return (
    <Panel title="Fee categories" headingLevel={2}>
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
      <form onSubmit={onSubmit} noValidate className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-5 lg:items-end">
        <TextField label="Category" value={form.name} onChange={(e) => setForm({ ...form, name: e.target.value })} />
        <SelectField
          label="Currency"
          value={form.currency}
          options={CURRENCIES.map((c) => ({ value: c, label: c }))}
          onChange={(e) => setForm({ ...form, currency: e.target.value as Currency })}
        />
        <TextField
          label="Early-bird amount"
          inputMode="decimal"
          value={form.earlyBird}
          onChange={(e) => setForm({ ...form, earlyBird: e.target.value })}
        />
        <TextField
          label="Late amount"
          inputMode="decimal"
          value={form.late}
          onChange={(e) => setForm({ ...form, late: e.target.value })}
        />
        <div className="flex gap-2">
          <Button type="submit" disabled={save.isPending}>
            {editing ? 'Save category' : 'Add category'}
          </Button>
          {editing && (
            <Button
              variant="secondary"
              onClick={() => {
                setEditing(undefined);
                setForm(EMPTY);
              }}
            >
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
  if (!fees.data) return null;
  return (
    <Panel title="Full paper" headingLevel={2}>
      <div className="max-w-md">
        <SelectField
          label="The full paper can be submitted when"
          value={fees.data.fullPaperRequires}
          disabled={save.isPending}
          options={FULL_PAPER_REQUIREMENTS.map((value) => ({ value, label: FULL_PAPER_REQUIREMENT_LABELS[value] }))}
          onChange={(e) =>
            save.mutate(e.target.value as FullPaperRequirement, {
              onSuccess: (answer) => toast.success(answer.message),
              onError: (failure) => toast.error(errorText(failure, 'The setting could not be saved.')),
            })
          }
        />
      </div>
    </Panel>
  );
}
