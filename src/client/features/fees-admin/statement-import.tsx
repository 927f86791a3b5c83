import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { CURRENCIES, formatMoney, formatReceivedOn } from '@shared/domain/fees.ts';
import {
  DATE_FORMATS,
  DECIMAL_SEPARATOR_LABELS,
  DECIMAL_SEPARATORS,
  ROW_CLASS_LABELS,
  ROW_CLASSES,
  ROW_RESOLUTION_LABELS,
  type RowClass,
  STATEMENT_FORMAT_LABELS,
  STATEMENT_LIMITS,
} from '@shared/domain/payment-statements.ts';
import {
  type ColumnMappingBody,
  columnMappingBodySchema,
  type StatementReport,
  type StatementRow,
} from '@shared/schemas/payment-statements.ts';
import { Button } from '@client/components/ui/button.tsx';
import { SelectField, TextAreaField } from '@client/components/ui/form-field.tsx';
import { Panel } from '@client/components/ui/panel.tsx';
import { errorText } from '@client/lib/api.ts';
import { VALIDATE_ON_SUBMIT_ONLY } from '@client/lib/form-options.ts';
import { useToast } from '@client/lib/toast.tsx';
import {
  useColumnMapping,
  useConfirmStatement,
  useImportStatement,
  useResolveRow,
  useSaveColumnMapping,
} from './statement-import-api.ts';

type MappingField = 'paymentId' | 'amount' | 'currency' | 'receivedOn' | 'payerName';
const MAPPING_FIELDS: { field: MappingField; label: string; optional: boolean }[] = [
  { field: 'paymentId', label: 'Payment ID column', optional: false },
  { field: 'amount', label: 'Amount column', optional: false },
  { field: 'currency', label: 'Currency column', optional: true },
  { field: 'receivedOn', label: 'Date received column', optional: false },
  { field: 'payerName', label: 'Payer name column', optional: true },
];

/** The statement chosen for import; the server reads and checks it again, whatever it is. */
const statementFileSchema = z.object({
  file: z
    .custom<File | null>((value) => value === null || value instanceof File)
    .refine((file) => file !== null, 'Please choose the statement file (CSV or CAMT.053 XML).')
    .refine(
      (file) => !file || file.size <= STATEMENT_LIMITS.maxBytes,
      `The statement is larger than ${STATEMENT_LIMITS.maxBytes / 1024 / 1024} MB.`,
    )
    .transform((file) => file as File),
});

/**
 * "Import payments": the portal's or the bank's statement (CSV or CAMT.053), its columns mapped
 * once, its rows classed against the papers; "Confirm" applies the matched ones, the others are
 * resolved by hand with a note.
 */
export function StatementImport() {
  const [file, setFile] = useState<File>();
  const [columns, setColumns] = useState<string[]>();
  const [mappingMessage, setMappingMessage] = useState<string>();
  const [report, setReport] = useState<StatementReport>();
  const [error, setError] = useState<string>();
  const importStatement = useImportStatement();
  const toast = useToast();
  const {
    setValue,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(statementFileSchema),
    defaultValues: { file: null },
    ...VALIDATE_ON_SUBMIT_ONLY,
  });

  async function importFile(chosen: File) {
    setError(undefined);
    try {
      const answer = await importStatement.mutateAsync(chosen);
      if (answer.outcome === 'needs_mapping') {
        setColumns(answer.columns);
        setMappingMessage(answer.message);
        setReport(undefined);
        return;
      }
      setColumns(undefined);
      setReport(answer.report);
      toast.success(answer.message);
    } catch (failure) {
      setError(errorText(failure, 'The statement could not be imported.'));
    }
  }

  return (
    <Panel title="Import payments" headingLevel={2}>
      <p className="text-sm text-slate-600">
        Upload the portal’s export (CSV) or the bank’s statement (CAMT.053 XML), at most{' '}
        {STATEMENT_LIMITS.maxBytes / 1024 / 1024} MB. Nothing is applied until you press Confirm.
      </p>
      <form
        className="mt-3 flex flex-wrap items-end gap-3"
        noValidate
        onSubmit={handleSubmit(({ file: chosen }) => importFile(chosen))}
      >
        <label className="block text-sm font-medium text-slate-800">
          Statement file
          <input
            type="file"
            accept=".csv,.txt,.xml,text/csv,application/xml,text/xml"
            className="mt-1 block w-full text-sm"
            aria-invalid={errors.file ? true : undefined}
            onChange={(event) => {
              const chosen = event.target.files?.[0] ?? null;
              setFile(chosen ?? undefined);
              setValue('file', chosen, { shouldValidate: Boolean(errors.file) });
            }}
          />
        </label>
        <Button type="submit" disabled={importStatement.isPending}>
          {importStatement.isPending ? 'Importing…' : 'Import payments'}
        </Button>
      </form>
      {(errors.file?.message ?? error) && (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {errors.file?.message ?? error}
        </p>
      )}
      {columns && file && (
        <MappingForm
          columns={columns}
          message={mappingMessage}
          onSaved={() => void importFile(file)}
          importing={importStatement.isPending}
        />
      )}
      {report && <ReportView report={report} onReport={setReport} />}
    </Panel>
  );
}

function MappingForm({
  columns,
  message,
  onSaved,
  importing,
}: {
  columns: string[];
  message?: string;
  onSaved: () => void;
  importing: boolean;
}) {
  const saved = useColumnMapping().data?.mapping;
  const save = useSaveColumnMapping();
  const [error, setError] = useState<string>();
  const guess = (field: MappingField) => {
    const current = saved?.[field];
    return current && columns.includes(current) ? current : '';
  };
  const defaultValues: ColumnMappingBody = {
    paymentId: guess('paymentId'),
    amount: guess('amount'),
    currency: guess('currency'),
    receivedOn: guess('receivedOn'),
    payerName: guess('payerName'),
    decimalSeparator: saved?.decimalSeparator ?? '.',
    dateFormat: saved?.dateFormat ?? 'DD/MM/YYYY',
    defaultCurrency: saved?.defaultCurrency ?? 'INR',
  };
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(columnMappingBodySchema), defaultValues, ...VALIDATE_ON_SUBMIT_ONLY });
  const columnOptions = (optional: boolean) => [
    { value: '', label: optional ? 'None' : 'Choose…' },
    ...columns.map((c) => ({ value: c, label: c })),
  ];
  return (
    <form
      className="mt-4 space-y-3 rounded-lg bg-slate-50 p-3"
      aria-label="Column mapping"
      noValidate
      onSubmit={handleSubmit(async (mapping) => {
        setError(undefined);
        try {
          await save.mutateAsync(mapping);
          onSaved();
        } catch (failure) {
          setError(errorText(failure, 'The column mapping could not be saved.'));
        }
      })}
    >
      <h3 className="font-semibold text-slate-900">Column mapping</h3>
      {message && <p className="text-sm text-slate-700">{message}</p>}
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {MAPPING_FIELDS.map(({ field, label, optional }) => (
          <SelectField
            key={field}
            label={label}
            options={columnOptions(optional)}
            error={errors[field]?.message}
            {...register(field)}
          />
        ))}
        <SelectField
          label="Decimal separator"
          options={DECIMAL_SEPARATORS.map((s) => ({ value: s, label: DECIMAL_SEPARATOR_LABELS[s] }))}
          {...register('decimalSeparator')}
        />
        <SelectField
          label="Date format"
          options={DATE_FORMATS.map((f) => ({ value: f, label: f }))}
          {...register('dateFormat')}
        />
        <SelectField
          label="Currency when the file has none"
          options={CURRENCIES.map((c) => ({ value: c, label: c }))}
          {...register('defaultCurrency')}
        />
      </div>
      <Button type="submit" disabled={save.isPending || importing}>
        Save mapping and import
      </Button>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </form>
  );
}

const CLASS_TONES: Record<RowClass, string> = {
  matched: 'bg-green-50 text-green-900',
  amount_differs: 'bg-amber-50 text-amber-900',
  duplicate: 'bg-orange-50 text-orange-900',
  unmatched: 'bg-slate-100 text-slate-800',
  unreadable: 'bg-red-50 text-red-900',
};

function ReportView({ report, onReport }: { report: StatementReport; onReport: (report: StatementReport) => void }) {
  const statementId = report.statement._id;
  const confirm = useConfirmStatement(statementId);
  const toast = useToast();
  const [error, setError] = useState<string>();
  const open = report.rows.filter((r) => r.class === 'matched' && r.resolution === null);
  const [chosen, setChosen] = useState<Set<string>>(() => new Set(open.map((r) => r._id)));

  async function confirmChosen() {
    setError(undefined);
    try {
      const ids = open.filter((r) => chosen.has(r._id)).map((r) => r._id);
      const answer = await confirm.mutateAsync(ids.length === open.length ? undefined : ids);
      onReport(answer.report);
      toast.success(answer.message);
      if (answer.refused.length > 0) setError(answer.refused.map((r) => `Line ${r.line}: ${r.message}`).join(' '));
    } catch (failure) {
      setError(errorText(failure, 'The payments could not be confirmed.'));
    }
  }

  return (
    <div className="mt-5 space-y-4" data-testid="statement-report">
      <p className="text-sm text-slate-700">
        {report.statement.fileName} · {STATEMENT_FORMAT_LABELS[report.statement.format]} · {report.statement.encoding} ·{' '}
        {report.statement.rowCount} rows
      </p>
      <ul className="flex flex-wrap gap-2 text-sm" aria-label="Rows by class">
        {ROW_CLASSES.map((c) => (
          <li key={c} className={`rounded-full px-3 py-1 ${CLASS_TONES[c]}`} data-testid={`class-count-${c}`}>
            {ROW_CLASS_LABELS[c]}: {report.counts[c]}
          </li>
        ))}
      </ul>
      {report.findings.length > 0 && (
        <ul className="list-disc pl-5 text-sm text-amber-900">
          {report.findings.map((f) => (
            <li key={f}>{f}</li>
          ))}
        </ul>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <Button onClick={() => void confirmChosen()} disabled={confirm.isPending || chosen.size === 0}>
          Confirm
        </Button>
        <span className="text-sm text-slate-600">
          {open.length === 0
            ? 'No matched rows left to confirm.'
            : `${open.filter((r) => chosen.has(r._id)).length} of ${open.length} matched rows chosen.`}
        </span>
      </div>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      <ul className="divide-y divide-slate-200" aria-label="Statement rows">
        {report.rows.map((row) => (
          <RowView
            key={row._id}
            row={row}
            statementId={statementId}
            chosen={chosen.has(row._id)}
            onChoose={(on) => {
              const next = new Set(chosen);
              if (on) next.add(row._id);
              else next.delete(row._id);
              setChosen(next);
            }}
            onReport={onReport}
          />
        ))}
      </ul>
      {report.papersWithoutRow.length > 0 && (
        <section aria-label="Papers with an ID no row has">
          <h3 className="font-semibold text-slate-900">Papers with a payment ID this statement does not have</h3>
          <ul className="mt-2 space-y-1 text-sm">
            {report.papersWithoutRow.map((p) => (
              <li key={p.paperId}>
                {p.ictacemId} · <span className="font-mono break-all">{p.paymentId}</span> · {p.title}
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

function RowView({
  row,
  statementId,
  chosen,
  onChoose,
  onReport,
}: {
  row: StatementRow;
  statementId: string;
  chosen: boolean;
  onChoose: (on: boolean) => void;
  onReport: (report: StatementReport) => void;
}) {
  const [resolving, setResolving] = useState(false);
  const confirmable = row.class === 'matched' && row.resolution === null;
  return (
    <li className="py-3 text-sm" data-testid={`statement-line-${row.line}`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="flex min-w-0 gap-2">
          {confirmable && (
            <input
              type="checkbox"
              className="mt-1"
              checked={chosen}
              aria-label={`Confirm line ${row.line}`}
              onChange={(e) => onChoose(e.target.checked)}
            />
          )}
          <div className="min-w-0">
            <p>
              <span className={`mr-2 rounded px-2 py-0.5 text-xs font-semibold ${CLASS_TONES[row.class]}`}>
                {ROW_CLASS_LABELS[row.class]}
              </span>
              Line {row.line} · <span className="font-mono break-all">{row.paymentId || '(no payment ID)'}</span>
              {row.amountMinor !== null && row.currency && ` · ${formatMoney(row.amountMinor, row.currency)}`}
              {row.receivedOn && ` · ${formatReceivedOn(row.receivedOn)}`}
              {row.payerName && ` · ${row.payerName}`}
            </p>
            <p className="text-slate-600">
              {row.paper && `${row.paper.ictacemId}: `}
              {row.explanation}
            </p>
            {row.resolution && (
              <p className="font-medium text-slate-900">
                {ROW_RESOLUTION_LABELS[row.resolution]}
                {row.note && `: ${row.note}`}
              </p>
            )}
          </div>
        </div>
        {row.resolution === null && row.class !== 'matched' && (
          <Button variant="secondary" onClick={() => setResolving(!resolving)} aria-expanded={resolving}>
            Resolve
          </Button>
        )}
      </div>
      {resolving && (
        <ResolveForm row={row} statementId={statementId} onReport={onReport} onDone={() => setResolving(false)} />
      )}
    </li>
  );
}

function ResolveForm({
  row,
  statementId,
  onReport,
  onDone,
}: {
  row: StatementRow;
  statementId: string;
  onReport: (report: StatementReport) => void;
  onDone: () => void;
}) {
  const resolve = useResolveRow(statementId, row._id);
  const toast = useToast();
  const papers = [row.paper, ...row.suggestions].filter((p) => p !== null);
  const [paperId, setPaperId] = useState(papers[0]?.paperId ?? '');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string>();

  async function send(action: 'confirm' | 'reject' | 'note') {
    setError(undefined);
    try {
      const answer = await resolve.mutateAsync(
        action === 'note'
          ? { action, note }
          : action === 'confirm'
            ? { action, paperId, note }
            : { action, paperId, reason: note },
      );
      onReport(answer.report);
      toast.success(answer.message);
      onDone();
    } catch (failure) {
      setError(errorText(failure, 'The row could not be resolved.'));
    }
  }

  return (
    <div className="mt-3 space-y-3 rounded-lg bg-slate-50 p-3">
      {papers.length > 0 && (
        <SelectField
          label="Paper"
          value={paperId}
          options={papers.map((p) => ({ value: p.paperId, label: `${p.ictacemId} · ${p.paymentId} · ${p.title}` }))}
          onChange={(e) => setPaperId(e.target.value)}
        />
      )}
      <TextAreaField
        label="Note (a rejection’s note is sent to the author as the reason)"
        rows={2}
        value={note}
        maxLength={STATEMENT_LIMITS.note}
        onChange={(e) => setNote(e.target.value)}
      />
      <div className="flex flex-wrap gap-2">
        {papers.length > 0 && row.class !== 'unreadable' && (
          <Button onClick={() => void send('confirm')} disabled={resolve.isPending}>
            Confirm anyway
          </Button>
        )}
        {papers.length > 0 && (
          <Button variant="danger" onClick={() => void send('reject')} disabled={resolve.isPending}>
            Reject payment
          </Button>
        )}
        <Button variant="secondary" onClick={() => void send('note')} disabled={resolve.isPending}>
          Save note only
        </Button>
      </div>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
