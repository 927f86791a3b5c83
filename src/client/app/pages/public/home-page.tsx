import { ButtonLink } from '../../../components/ui/button.tsx';
import { conference } from '../../../content/conference.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';

export default function HomePage() {
  useDocumentTitle(undefined, `${conference.shortName}: ${conference.fullName}, ${conference.dates}.`);
  return (
    <section className="bg-gradient-to-b from-brand-800 to-brand-700 px-4 py-16 text-center text-white sm:py-24">
      <h1 className="text-3xl font-extrabold sm:text-5xl">{conference.shortName}</h1>
      <p className="mx-auto mt-4 max-w-3xl text-lg text-blue-100">{conference.fullName}</p>
      <p className="mt-2 text-blue-100">
        {conference.dates} · {conference.venue}
      </p>
      <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
        <ButtonLink to="/registration" variant="secondary">
          Sign Up Now
        </ButtonLink>
        <ButtonLink to="/submit" className="bg-amber-500 text-slate-900 hover:bg-amber-400">
          Submit Extended Abstract/Paper
        </ButtonLink>
      </div>
    </section>
  );
}
