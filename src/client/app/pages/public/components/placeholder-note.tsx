import { Link } from 'react-router';

/** The notice on pages whose content organizers have not published yet. */
export function PlaceholderNote({ text }: { text: string }) {
  return (
    <div className="max-w-3xl rounded-xl border border-dashed border-slate-300 bg-white p-6 text-slate-700">
      <p>{text}</p>
      <p className="mt-3">
        Meanwhile, see the{' '}
        <Link to="/important-dates" className="font-semibold text-brand-700 underline underline-offset-2">
          important dates
        </Link>{' '}
        or read{' '}
        <Link to="/about" className="font-semibold text-brand-700 underline underline-offset-2">
          about the conference
        </Link>
        .
      </p>
    </div>
  );
}
