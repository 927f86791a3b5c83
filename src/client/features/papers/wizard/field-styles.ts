/** Matches components/ui/form-field.tsx, which has no select or text area yet. */
export const controlClass =
  'block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base shadow-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none aria-[invalid=true]:border-red-600';
export const labelClass = 'mb-1 block text-sm font-medium text-slate-700';
