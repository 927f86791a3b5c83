import { zodResolver } from '@hookform/resolvers/zod';
import { type ReactNode, useDeferredValue, useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  BADGE_LAYOUTS,
  type BadgeLayout,
  type ImportLine,
  type Participant,
  PARTICIPANT_PAYMENT_LABELS,
  PARTICIPANT_PAYMENT_STATES,
  PARTICIPANT_ROLE_LABELS,
  PARTICIPANT_ROLES,
  type ParticipantRole,
  participantBodySchema,
  type ParticipantsQuery,
  volunteerBodySchema,
} from '@shared/schemas/participants.ts';
import { formatDayIn } from '@shared/format/dates.ts';
import { Alert } from '@client/components/ui/alert.tsx';
import { Button } from '@client/components/ui/button.tsx';
import { SelectField, TextField } from '@client/components/ui/form-field.tsx';
import { Panel } from '@client/components/ui/panel.tsx';
import { Spinner } from '@client/components/ui/spinner.tsx';
import { apiBase, errorText } from '@client/lib/api.ts';
import { formatDateTime } from '@client/lib/dates.ts';
import { VALIDATE_ON_SUBMIT_ONLY } from '@client/lib/form-options.ts';
import { useToast } from '@client/lib/toast.tsx';
import {
  filterQuery,
  useAddParticipant,
  useCheckInCounts,
  useGrantVolunteer,
  useImportParticipants,
  useParticipants,
  useReplaceBadge,
  useRevokeVolunteer,
  useSetPresenter,
  useVolunteers,
} from './participants-api.ts';

const LAYOUT_LABELS: Record<BadgeLayout, string> = { 'a4-four': 'Four to an A4 page', single: 'One per page' };
const roleOptions = PARTICIPANT_ROLES.map((role) => ({ value: role, label: PARTICIPANT_ROLE_LABELS[role] }));

/**
 * "Participants": the list with its filters, badges for what is shown, and the forms that add
 * people; `after` (the page's next section) is drawn with them, never above them before they come.
 */
export function ParticipantsSection({ after }: { after?: ReactNode }) {
  const [filter, setFilter] = useState<ParticipantsQuery>({});
  const [layout, setLayout] = useState<BadgeLayout>('a4-four');
  const list = useParticipants(filter);
  // The panels below ask for theirs at the same time, and every panel is drawn once all three have
  // answered, in a background render React splits into short tasks: drawn as each answer came, the
  // list pushed the panels under it down the screen (a layout shift).
  const volunteers = useVolunteers();
  const counts = useCheckInCounts();
  const answered = useDeferredValue(!list.isPending && !volunteers.isPending && !counts.isPending);
  const set = (name: keyof ParticipantsQuery) => (value: string) =>
    setFilter((f) => ({ ...f, [name]: value || undefined }));
  const badgesHref = `${apiBase()}/admin/badges.pdf${filterQuery({ ...filter, layout } as ParticipantsQuery)}`;
  if (!answered) return <Spinner label="Loading participants..." />;
  return (
    <div className="space-y-8">
      <Panel title="Participants" headingLevel={2}>
        <div className="grid gap-3 sm:grid-cols-4">
          <SelectField
            label="Role"
            value={filter.role ?? ''}
            onChange={(e) => set('role')(e.target.value)}
            options={[{ value: '', label: 'All' }, ...roleOptions]}
          />
          <SelectField
            label="Payment"
            value={filter.payment ?? ''}
            onChange={(e) => set('payment')(e.target.value)}
            options={[
              { value: '', label: 'All' },
              ...PARTICIPANT_PAYMENT_STATES.map((s) => ({ value: s, label: PARTICIPANT_PAYMENT_LABELS[s] })),
              { value: 'none', label: 'No payment (added)' },
            ]}
          />
          <SelectField
            label="Checked in"
            value={filter.checkedIn ?? ''}
            onChange={(e) => set('checkedIn')(e.target.value)}
            options={[
              { value: '', label: 'All' },
              { value: 'yes', label: 'Yes' },
              { value: 'no', label: 'No' },
            ]}
          />
          <TextField label="Search" value={filter.q ?? ''} onChange={(e) => set('q')(e.target.value)} />
        </div>
        <div className="mt-4 flex flex-wrap items-end gap-3">
          <div className="w-56">
            <SelectField
              label="Badge layout"
              value={layout}
              onChange={(e) => setLayout(e.target.value as BadgeLayout)}
              options={BADGE_LAYOUTS.map((l) => ({ value: l, label: LAYOUT_LABELS[l] }))}
            />
          </div>
          <a
            className="inline-flex items-center rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
            href={badgesHref}
            download
          >
            Badges (PDF)
          </a>
          <span className="text-sm text-slate-600">for the {list.data?.participants.length ?? 0} shown</span>
        </div>
        {list.isPlaceholderData && <p className="mt-4 text-sm text-slate-600">Loading participants...</p>}
        {list.isError && (
          <p className="mt-4 text-sm text-red-700">{errorText(list.error, 'The participants could not be loaded.')}</p>
        )}
        {list.data?.participants.length === 0 && <p className="mt-4 text-sm text-slate-600">No participants match.</p>}
        <ul className="mt-4 divide-y divide-slate-200" aria-label="Participants list">
          {list.data?.participants.map((p) => (
            <ParticipantRow key={p._id} p={p} layout={layout} />
          ))}
        </ul>
      </Panel>
      <AddParticipant />
      <ImportParticipants />
      <Volunteers />
      <CheckInCounts />
      {after}
    </div>
  );
}

function ParticipantRow({ p, layout }: { p: Participant; layout: BadgeLayout }) {
  const setPresenter = useSetPresenter();
  const replace = useReplaceBadge();
  const toast = useToast();
  const onPresenter = async (position: number) => {
    try {
      toast.success((await setPresenter.mutateAsync({ id: p._id, presenterPosition: position, role: p.role })).message);
    } catch (caught) {
      toast.error(errorText(caught, 'The presenting author could not be saved.'));
    }
  };
  const onReplace = async () => {
    if (!window.confirm(`Replace ${p.name}'s badge? The old badge will no longer check in.`)) return;
    try {
      toast.success((await replace.mutateAsync(p._id)).message);
    } catch (caught) {
      toast.error(errorText(caught, 'The badge could not be replaced.'));
    }
  };
  return (
    <li className="flex flex-wrap items-baseline justify-between gap-2 py-2 text-sm" data-testid="participant-row">
      <div className="min-w-0">
        <p className="font-semibold text-slate-900">{p.name}</p>
        <p className="text-slate-600 wrap-anywhere">
          {[p.affiliation, p.email, p.paper?.ictacemId].filter(Boolean).join(' · ')}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <span className="rounded bg-slate-100 px-2 py-0.5">{PARTICIPANT_ROLE_LABELS[p.role]}</span>
        {p.paymentState && <span>Payment: {PARTICIPANT_PAYMENT_LABELS[p.paymentState]}</span>}
        {p.checkIn && <span>Checked in {formatDateTime(p.checkIn.at)}</span>}
        <a
          className="text-brand-700 hover:underline"
          href={`${apiBase()}/admin/participants/${p._id}/badge.pdf?layout=${layout}`}
          download
        >
          Badge<span className="sr-only"> of {p.name}</span>
        </a>
        <Button variant="ghost" disabled={replace.isPending} onClick={() => void onReplace()}>
          Replace badge<span className="sr-only"> of {p.name}</span>
        </Button>
      </div>
      {p.paper && p.paper.authors.length > 1 && (
        <div className="w-full max-w-xs">
          <SelectField
            label="Presenting author"
            value={String(p.paper.presenterPosition)}
            onChange={(e) => void onPresenter(Number(e.target.value))}
            options={p.paper.authors.map((a) => ({ value: String(a.position), label: a.name }))}
          />
        </div>
      )}
    </li>
  );
}

function AddParticipant() {
  const add = useAddParticipant();
  const toast = useToast();
  const [error, setError] = useState<string>();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(participantBodySchema),
    defaultValues: { name: '', affiliation: '', email: '', role: 'speaker' as ParticipantRole },
    ...VALIDATE_ON_SUBMIT_ONLY,
  });
  const onSubmit = handleSubmit(async (values) => {
    setError(undefined);
    try {
      const { message } = await add.mutateAsync(values);
      toast.success(message);
      reset();
    } catch (caught) {
      setError(errorText(caught, 'The participant could not be added.'));
    }
  });
  return (
    <Panel title="Add a participant" headingLevel={2}>
      <form onSubmit={onSubmit} noValidate className="grid gap-3 sm:grid-cols-2">
        <TextField label="Name" required error={errors.name?.message} {...register('name')} />
        <TextField label="Affiliation" error={errors.affiliation?.message} {...register('affiliation')} />
        <TextField label="E-mail" type="email" error={errors.email?.message} {...register('email')} />
        <SelectField label="Role" options={roleOptions} error={errors.role?.message} {...register('role')} />
        {error && (
          <p role="alert" className="text-sm text-red-700 sm:col-span-2">
            {error}
          </p>
        )}
        <div className="sm:col-span-2">
          <Button type="submit" disabled={add.isPending}>
            Add participant
          </Button>
        </div>
      </form>
    </Panel>
  );
}

function ImportParticipants() {
  const { preview, confirm } = useImportParticipants();
  const toast = useToast();
  const [file, setFile] = useState<string>();
  const onFile = async (selected: File | undefined) => {
    preview.reset();
    if (!selected) return;
    const bytes = new Uint8Array(await selected.arrayBuffer());
    let binary = '';
    for (const byte of bytes) binary += String.fromCharCode(byte);
    const encoded = btoa(binary);
    setFile(encoded);
    await preview.mutateAsync(encoded).catch(() => undefined);
  };
  const onConfirm = async () => {
    if (!file) return;
    try {
      toast.success((await confirm.mutateAsync(file)).message);
      preview.reset();
      setFile(undefined);
    } catch (caught) {
      toast.error(errorText(caught, 'The import failed.'));
    }
  };
  const result = preview.data;
  return (
    <Panel title="Import participants (CSV)" headingLevel={2}>
      <p className="text-sm text-slate-600">
        Columns: Name, Affiliation, E-mail, Role (Author, Speaker, Committee, Delegate, Volunteer). Saved as CSV UTF-8.
      </p>
      <label className="mt-3 block text-sm font-medium">
        CSV file
        <input
          type="file"
          accept=".csv,text/csv"
          className="mt-1 block"
          onChange={(e) => void onFile(e.target.files?.[0])}
        />
      </label>
      {preview.isError && (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {errorText(preview.error, 'The file could not be checked.')}
        </p>
      )}
      {result?.fileProblem && (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {result.fileProblem}
        </p>
      )}
      {result && !result.fileProblem && (
        <>
          <ul className="mt-3 divide-y divide-slate-200 text-sm" aria-label="Import preview">
            {result.lines.map((line: ImportLine) => (
              <li key={line.line} className="py-1">
                Line {line.line}: {line.name || '(no name)'}{' '}
                {line.problems.length === 0 ? '— ready' : `— ${line.problems.join(' ')}`}
              </li>
            ))}
          </ul>
          <Button
            className="mt-3"
            disabled={result.importable === 0 || confirm.isPending}
            onClick={() => void onConfirm()}
          >
            Import {result.importable} participant{result.importable === 1 ? '' : 's'}
          </Button>
        </>
      )}
    </Panel>
  );
}

function Volunteers() {
  const volunteers = useVolunteers();
  const grant = useGrantVolunteer();
  const revoke = useRevokeVolunteer();
  const toast = useToast();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(volunteerBodySchema),
    defaultValues: { email: '' },
    ...VALIDATE_ON_SUBMIT_ONLY,
  });
  const onSubmit = handleSubmit(async ({ email }) => {
    try {
      toast.success((await grant.mutateAsync(email)).message);
      reset();
    } catch (caught) {
      toast.error(errorText(caught, 'Check-in access could not be granted.'));
    }
  });
  return (
    <Panel title="Volunteers (Check-in access)" headingLevel={2}>
      <form onSubmit={onSubmit} noValidate className="flex flex-wrap items-end gap-3">
        <div className="w-72">
          <TextField
            label="Volunteer's account e-mail"
            type="email"
            required
            error={errors.email?.message}
            {...register('email')}
          />
        </div>
        <Button type="submit" disabled={grant.isPending}>
          Allow check-in
        </Button>
      </form>
      <ul className="mt-3 text-sm" aria-label="Volunteer accounts">
        {volunteers.data?.volunteers.map((v) => (
          <li key={v._id} className="flex flex-wrap items-center gap-x-3 py-1">
            <span>
              {v.username} ({v.email})
            </span>
            <Button
              variant="secondary"
              disabled={revoke.isPending}
              aria-label={`Remove check-in access of ${v.username}`}
              onClick={async () => {
                try {
                  toast.success((await revoke.mutateAsync(v._id)).message);
                } catch (caught) {
                  toast.error(errorText(caught, 'Check-in access could not be removed.'));
                }
              }}
            >
              Remove access
            </Button>
          </li>
        ))}
      </ul>
      {volunteers.data?.volunteers.length === 0 && (
        <p className="mt-3 text-sm text-slate-600">No volunteer accounts yet.</p>
      )}
    </Panel>
  );
}

function CheckInCounts() {
  const counts = useCheckInCounts();
  return (
    <Panel title="Check-ins" headingLevel={2}>
      {counts.isPending && <Spinner label="Loading the check-ins..." />}
      {counts.isError && <Alert>{errorText(counts.error, 'The check-ins could not be loaded.')}</Alert>}
      {counts.data && (
        <>
          <p className="text-sm">
            {counts.data.checkedIn} of {counts.data.total} participants checked in.
          </p>
          {counts.data.byDayAndRole.length === 0 ? (
            <p className="mt-2 text-sm text-slate-600">No one is checked in yet.</p>
          ) : (
            <table className="mt-2 text-sm">
              <thead>
                <tr>
                  <th className="pr-4 text-left">Day</th>
                  <th className="pr-4 text-left">Role</th>
                  <th className="text-right">Checked in</th>
                </tr>
              </thead>
              <tbody>
                {counts.data.byDayAndRole.map((row) => (
                  <tr key={`${row.day}-${row.role}`}>
                    {/* A calendar day of the conference's zone, "2025-12-15": printed as the day it names. */}
                    <td className="pr-4">{formatDayIn(new Date(`${row.day}T12:00:00Z`), 'UTC')}</td>
                    <td className="pr-4">{PARTICIPANT_ROLE_LABELS[row.role]}</td>
                    <td className="text-right">{row.count}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      )}
    </Panel>
  );
}
