/**
 * A page's data on its way. `fillsPage`: the spinner stands in for a whole page, so it holds the
 * window's height and the footer stays below the fold instead of being pushed down when the page
 * arrives (a layout shift).
 */
export function Spinner({ label, fillsPage = false }: { label: string; fillsPage?: boolean }) {
  return (
    <div
      role="status"
      className={`flex flex-col items-center gap-3 py-16 text-slate-600 ${fillsPage ? 'min-h-screen justify-start' : 'justify-center'}`}
    >
      <span
        className="h-8 w-8 animate-spin rounded-full border-4 border-brand-100 border-t-brand-700"
        aria-hidden="true"
      />
      <span>{label}</span>
    </div>
  );
}
