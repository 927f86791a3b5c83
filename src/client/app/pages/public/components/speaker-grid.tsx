import type { z } from 'zod';
import type { speakerSchema } from '@shared/schemas/site-content.ts';

type Speaker = z.infer<typeof speakerSchema>;

/** Keynote speaker cards, or a clear "to be announced" note while the list is empty. */
export function SpeakerGrid({ speakers }: { speakers: readonly Speaker[] }) {
  if (speakers.length === 0) {
    return (
      <div className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center">
        <p className="text-lg font-semibold text-slate-900">Keynote speakers to be announced</p>
        <p className="mt-2 text-slate-600">The invited speakers will be listed here once they are confirmed.</p>
      </div>
    );
  }
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {speakers.map((speaker) => (
        <li key={speaker.name} className="flex flex-col items-center rounded-xl border border-slate-200 bg-white p-6 text-center shadow-sm">
          <span className="flex h-20 w-20 items-center justify-center rounded-full bg-brand-100 text-2xl font-bold text-brand-800" aria-hidden="true">
            {initials(speaker.name)}
          </span>
          <h3 className="mt-4 text-lg font-semibold text-slate-900">{speaker.name}</h3>
          <p className="mt-1 text-sm text-slate-600">{speaker.affiliation}</p>
          <p className="mt-3 rounded-full bg-amber-100 px-3 py-1 text-xs font-semibold tracking-wide text-amber-900 uppercase">Keynote Speaker</p>
        </li>
      ))}
    </ul>
  );
}

function initials(name: string): string {
  const words = name.split(/\s+/).filter(Boolean);
  const first = words[0]?.[0] ?? '';
  const last = words.length > 1 ? (words[words.length - 1]?.[0] ?? '') : '';
  return (first + last).toUpperCase();
}
