import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  type DeskParticipant,
  deskSearchQuerySchema,
  PARTICIPANT_PAYMENT_LABELS,
  PARTICIPANT_ROLE_LABELS,
} from '@shared/schemas/participants.ts';
import { Button } from '@client/components/ui/button.tsx';
import { TextField } from '@client/components/ui/form-field.tsx';
import { ApiError, errorText } from '@client/lib/api.ts';
import { formatDateTime } from '@client/lib/dates.ts';
import { VALIDATE_ON_SUBMIT_ONLY } from '@client/lib/form-options.ts';
import { enqueue, flushQueue, queuedCheckIns, scanCode, searchParticipants, sendCheckIn } from './check-in-api.ts';
import { readQr } from './qr-reader.ts';

const newKey = () => crypto.randomUUID();

/** The registration desk on a phone: scan a badge or find a name, see the warnings, "Check in". */
export function CheckInDesk() {
  const [person, setPerson] = useState<DeskParticipant | null>(null);
  const [notice, setNotice] = useState<{ tone: 'error' | 'success' | 'warning'; text: string } | null>(null);
  const [queued, setQueued] = useState(() => queuedCheckIns().length);
  const [busy, setBusy] = useState(false);

  const flush = useCallback(async () => {
    if (queuedCheckIns().length === 0) return;
    const answers = await flushQueue();
    setQueued(queuedCheckIns().length);
    if (answers.length > 0) setNotice({ tone: 'success', text: `${answers.length} queued check-in(s) sent.` });
  }, []);
  useEffect(() => {
    void flush();
    window.addEventListener('online', flush);
    return () => window.removeEventListener('online', flush);
  }, [flush]);

  const show = async (code: string) => {
    setNotice(null);
    try {
      setPerson((await scanCode(code)).participant);
    } catch (error) {
      setPerson(null);
      setNotice({ tone: 'error', text: errorText(error, 'Not a badge of this conference.') });
    }
  };

  const checkIn = async () => {
    if (!person) return;
    const key = newKey();
    setBusy(true);
    try {
      const answer = await sendCheckIn(person._id, key);
      setPerson(answer.participant);
      setNotice({ tone: answer.outcome === 'checked_in' ? 'success' : 'warning', text: answer.message });
    } catch (error) {
      if (error instanceof ApiError && error.status === 0) {
        enqueue({ participantId: person._id, name: person.name, key });
        setQueued(queuedCheckIns().length);
        setNotice({
          tone: 'warning',
          text: `No connection: ${person.name}'s check-in is kept and sent when back online.`,
        });
      } else setNotice({ tone: 'error', text: errorText(error, 'The check-in failed.') });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="space-y-5">
      {queued > 0 && (
        <p className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900" role="status">
          {queued} check-in(s) waiting for the network.
        </p>
      )}
      <Scanner onCode={show} />
      <NameSearch
        onPick={(p) => {
          setNotice(null);
          setPerson(p);
        }}
      />
      {notice && (
        <p
          role={notice.tone === 'error' ? 'alert' : 'status'}
          className={`rounded-md px-3 py-2 text-sm font-semibold ${notice.tone === 'error' ? 'bg-red-50 text-red-800' : notice.tone === 'warning' ? 'bg-amber-50 text-amber-900' : 'bg-green-50 text-green-800'}`}
        >
          {notice.text}
        </p>
      )}
      {person && <PersonCard person={person} busy={busy} onCheckIn={() => void checkIn()} />}
    </div>
  );
}

function PersonCard({ person, busy, onCheckIn }: { person: DeskParticipant; busy: boolean; onCheckIn: () => void }) {
  const unpaid = person.paymentState !== null && person.paymentState !== 'confirmed';
  return (
    <section
      aria-label="Participant"
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
      data-testid="desk-person"
    >
      <h2 className="text-xl font-bold text-slate-900">{person.name}</h2>
      {person.affiliation && <p className="text-slate-600">{person.affiliation}</p>}
      <p className="mt-2 text-sm">
        Role: <strong>{PARTICIPANT_ROLE_LABELS[person.role]}</strong>
        {person.paymentState && (
          <>
            {' · '}Payment: <strong>{PARTICIPANT_PAYMENT_LABELS[person.paymentState]}</strong>
          </>
        )}
      </p>
      {unpaid && (
        <p className="mt-2 rounded bg-amber-50 px-2 py-1 text-sm text-amber-900">Warning: payment not confirmed.</p>
      )}
      {person.checkIn && (
        <p className="mt-2 rounded bg-amber-50 px-2 py-1 text-sm text-amber-900" data-testid="already-checked-in">
          Already checked in {formatDateTime(person.checkIn.at)} by {person.checkIn.byName}.
        </p>
      )}
      <Button className="mt-3 w-full" disabled={busy || person.checkIn !== null} onClick={onCheckIn}>
        Check in
      </Button>
    </section>
  );
}

function Scanner({ onCode }: { onCode: (code: string) => Promise<void> }) {
  const video = useRef<HTMLVideoElement>(null);
  const [scanning, setScanning] = useState(false);
  const [problem, setProblem] = useState<string>();

  useEffect(() => {
    if (!scanning) return;
    let stream: MediaStream | undefined;
    let stopped = false;
    const loop = async () => {
      while (!stopped && video.current) {
        const code = await readQr(video.current).catch(() => null);
        if (code) {
          setScanning(false);
          await onCode(code);
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    };
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'environment' } })
      .then(async (media) => {
        stream = media;
        if (!video.current || stopped) return;
        video.current.srcObject = media;
        await video.current.play();
        await loop();
      })
      .catch(() => {
        setProblem('The camera cannot be used here: use "Scan from a photo" or search by name.');
        setScanning(false);
      });
    return () => {
      stopped = true;
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, [scanning, onCode]);

  const fromPhoto = async (file: File | undefined) => {
    if (!file) return;
    setProblem(undefined);
    const image = await createImageBitmap(file);
    const code = await readQr(image);
    if (code) await onCode(code);
    else setProblem('No QR code found in the photo.');
  };

  return (
    <section aria-label="Scan a badge" className="space-y-2">
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => setScanning((s) => !s)}>{scanning ? 'Stop camera' : 'Scan badge'}</Button>
        <label className="inline-flex cursor-pointer items-center rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-100 focus-within:ring-2">
          Scan from a photo
          <input
            type="file"
            accept="image/*"
            className="sr-only"
            onChange={(e) => void fromPhoto(e.target.files?.[0])}
          />
        </label>
      </div>
      {scanning && <video ref={video} className="w-full max-w-sm rounded" muted playsInline aria-label="Camera" />}
      {problem && (
        <p className="text-sm text-red-700" role="alert">
          {problem}
        </p>
      )}
    </section>
  );
}

function NameSearch({ onPick }: { onPick: (person: DeskParticipant) => void }) {
  const [results, setResults] = useState<DeskParticipant[] | null>(null);
  const [error, setError] = useState<string>();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(deskSearchQuerySchema),
    defaultValues: { q: '' },
    ...VALIDATE_ON_SUBMIT_ONLY,
  });
  const onSubmit = handleSubmit(async ({ q }) => {
    setError(undefined);
    try {
      setResults((await searchParticipants(q)).participants);
    } catch (caught) {
      setError(errorText(caught, 'The search failed.'));
    }
  });
  return (
    <section aria-label="Find by name">
      <form onSubmit={onSubmit} noValidate className="flex items-end gap-2">
        <div className="flex-1">
          <TextField label="Name" required error={errors.q?.message} {...register('q')} />
        </div>
        <Button type="submit" variant="secondary">
          Search
        </Button>
      </form>
      {error && (
        <p className="mt-2 text-sm text-red-700" role="alert">
          {error}
        </p>
      )}
      {results?.length === 0 && <p className="mt-2 text-sm text-slate-600">Nobody of that name.</p>}
      <ul className="mt-2 divide-y divide-slate-200" aria-label="Search results">
        {results?.map((p) => (
          <li key={p._id}>
            <button type="button" className="w-full py-2 text-left hover:bg-slate-50" onClick={() => onPick(p)}>
              <span className="font-semibold">{p.name}</span>
              {p.affiliation && <span className="text-slate-600"> · {p.affiliation}</span>}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
