import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useHref } from 'react-router';
import { currentConference } from '@shared/conference.ts';
import { CERTIFICATE_KIND_LABELS } from '@shared/domain/certificates.ts';
import { formatMoney, formatReceivedOn } from '@shared/domain/fees.ts';
import { LETTER_CODE_FIELD_MAX, LETTER_KIND_LABELS, LETTER_TEXTS, letterCodeProblem } from '@shared/domain/letters.ts';
import type { VerifiedLetter } from '@shared/schemas/letters.ts';
import { Button } from '@client/components/ui/button.tsx';
import { TextField } from '@client/components/ui/form-field.tsx';
import { errorText } from '@client/lib/api.ts';
import { formatDate } from '@client/lib/dates.ts';
import { useLetterVerification } from './letters-api.ts';

interface LetterVerificationProps {
  /** The code being checked (from the address), or null before one is typed. */
  code: string | null;
  /** Checks a typed code: the page puts it into the address, so the answer can be linked to. */
  onCheck: (code: string) => void;
  /** A blank code was sent by the browser's own form (without JavaScript): shown as the live form shows it. */
  sentBlank?: boolean;
}

/** A code field and what the site knows of the letter with that code. */
export function LetterVerification({ code, onCheck, sentBlank = false }: LetterVerificationProps) {
  // Judged when the form is sent, and only then: a message stays until the next try.
  const [problem, setProblem] = useState<string | null>(sentBlank ? LETTER_TEXTS.codeRequired : null);
  const formAction = useHref('/verify-letter');
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Read from the form, not from state: text typed before the page was live is there too.
    const typed = String(new FormData(event.currentTarget).get('code') ?? '');
    const found = letterCodeProblem(typed);
    setProblem(found);
    if (!found) onCheck(typed.trim());
  };
  return (
    <div className="space-y-6">
      {/* Without JavaScript (before hydration too) the browser sends the code to the server, which
          answers at the code's own address. */}
      <form
        method="get"
        action={formAction}
        onSubmit={submit}
        noValidate
        className="flex flex-col gap-2 sm:flex-row sm:items-start"
      >
        <div className="flex-1">
          <TextField
            label="Verification code"
            name="code"
            defaultValue={code ?? ''}
            placeholder="e.g. K7QD-9XMP-3RTA-W2HF"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={LETTER_CODE_FIELD_MAX}
            error={problem ?? undefined}
          />
        </div>
        <Button type="submit" className="sm:mt-6">
          Verify
        </Button>
      </form>
      {/* Present before any answer, so screen readers announce each answer as it arrives. */}
      <div aria-live="polite">{code !== null && <VerificationAnswer code={code} />}</div>
    </div>
  );
}

function VerificationAnswer({ code }: { code: string }) {
  const answer = useLetterVerification(code);
  if (answer.isPending) return <p className="text-slate-600">Checking the code...</p>;
  if (answer.isError)
    return (
      <Verdict tone="bad" title="Not verified">
        {errorText(answer.error, 'The code could not be checked. Please try again later.')}
      </Verdict>
    );
  const { letter } = answer.data;
  if (!letter)
    return (
      <Verdict tone="bad" title="Not verified">
        {LETTER_TEXTS.unknownCode}
      </Verdict>
    );
  const label = DOCUMENT_LABELS[letter.kind].toLowerCase();
  const because = 'replaced' in letter && letter.replaced ? REPLACED : WITHDRAWN_BECAUSE[letter.kind];
  return letter.withdrawn ? (
    <Verdict tone="warning" title={'replaced' in letter && letter.replaced ? 'Replaced' : 'Withdrawn'}>
      This {label} was issued by the site, but it has been withdrawn: {because}. <DocumentFacts letter={letter} />
    </Verdict>
  ) : (
    <Verdict tone="good" title={GENUINE[letter.kind]}>
      This is a genuine {label}. <DocumentFacts letter={letter} />
    </Verdict>
  );
}

/** Each kind of document the page checks, as its answer names it. */
const DOCUMENT_LABELS: Record<VerifiedLetter['kind'], string> = {
  ...LETTER_KIND_LABELS,
  ...CERTIFICATE_KIND_LABELS,
  receipt: 'Payment receipt',
};
const GENUINE: Record<VerifiedLetter['kind'], string> = {
  acceptance: 'Genuine letter',
  visa: 'Genuine letter',
  receipt: 'Genuine receipt',
  participation: 'Genuine certificate',
  presentation: 'Genuine certificate',
};
const WITHDRAWN_BECAUSE: Record<VerifiedLetter['kind'], string> = {
  acceptance: 'the paper is no longer accepted',
  visa: 'the paper is no longer accepted',
  receipt: 'the payment it acknowledges is no longer confirmed',
  participation: 'the organisers withdrew it',
  presentation: 'the organisers withdrew it',
};
const REPLACED = 'a certificate with a corrected name was issued in its place';

function DocumentFacts({ letter }: { letter: VerifiedLetter }) {
  // A certificate: its holder, conference and date, nothing else.
  if ('conference' in letter)
    return (
      <>
        It was issued to <strong>{letter.holderName}</strong> for <strong>{letter.conference}</strong>,{' '}
        <strong>{letter.date}</strong>.
      </>
    );
  if (letter.kind === 'receipt')
    return (
      <>
        Receipt No. <strong>{letter.receiptNumber}</strong>, issued on{' '}
        <strong>{formatDate(letter.issuedAt, currentConference().timeZone)}</strong>, for paper{' '}
        <strong>{letter.ictacemId}</strong>: <strong>{formatMoney(letter.amountMinor, letter.currency)}</strong>{' '}
        received on <strong>{formatReceivedOn(letter.receivedOn)}</strong>.
      </>
    );
  return (
    <>
      It was issued on <strong>{formatDate(letter.issuedAt, currentConference().timeZone)}</strong> to{' '}
      <strong>{letter.holderName}</strong> for paper <strong>{letter.ictacemId}</strong>, “{letter.paperTitle}”.
    </>
  );
}

const TONES = {
  good: 'border-green-300 bg-green-50 text-green-900',
  warning: 'border-amber-300 bg-amber-50 text-amber-900',
  bad: 'border-red-300 bg-red-50 text-red-900',
} as const;

function Verdict({ tone, title, children }: { tone: keyof typeof TONES; title: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      data-testid="letter-verdict"
      className={`rounded-lg border p-4 break-words ${TONES[tone]}`}
    >
      <h2 id={titleId} className="text-lg font-bold">
        {title}
      </h2>
      <p className="mt-1">{children}</p>
    </section>
  );
}
