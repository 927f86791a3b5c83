import { useId } from 'react';

/** The admin's comments to the author, written with a status decision (spec 2.5 and 2.7). */
export function ReviewCommentsField({
  value,
  onChange,
  rows,
}: {
  value: string;
  onChange: (review: string) => void;
  rows: number;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700">
        Review comments
      </label>
      <textarea
        id={id}
        rows={rows}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder="Add detailed review comments for the author..."
        className="block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base shadow-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none"
      />
    </div>
  );
}
