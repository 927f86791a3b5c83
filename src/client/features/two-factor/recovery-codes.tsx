import { currentConference } from '@shared/conference.ts';
import { Button } from '@client/components/ui/button.tsx';
import { useToast } from '@client/lib/toast.tsx';

/** The recovery codes, shown this once: to print, download or copy before leaving the page. */
export function RecoveryCodes({ codes }: { codes: string[] }) {
  const toast = useToast();
  const text = [`${currentConference().shortName} recovery codes (each works once)`, '', ...codes, ''].join('\n');
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = Object.assign(document.createElement('a'), { href: url, download: 'ictacem-recovery-codes.txt' });
    link.click();
    URL.revokeObjectURL(url);
  };
  const copy = () =>
    navigator.clipboard.writeText(text).then(
      () => toast.success('Recovery codes copied.'),
      () => toast.error('Copying is not allowed here. Download the codes instead.'),
    );

  return (
    <section
      aria-labelledby="recovery-codes-heading"
      className="space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-4"
    >
      <h2 id="recovery-codes-heading" className="text-lg font-semibold text-amber-900">
        Your recovery codes
      </h2>
      <p className="text-sm text-amber-900">
        Each code signs you in once if you lose your phone. They are shown only now: save them somewhere safe, away from
        your phone.
      </p>
      <ol className="grid grid-cols-1 gap-1 font-mono text-sm sm:grid-cols-2" aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code} className="rounded bg-white px-2 py-1 break-all text-slate-900">
            {code}
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={download}>
          Download codes
        </Button>
        <Button variant="secondary" onClick={copy}>
          Copy codes
        </Button>
      </div>
    </section>
  );
}
