/** Papers an action left alone, each by its title and ID with the reason (bulk status, decision release). */
export function SkippedPapersList({
  papers,
  label,
}: {
  papers: readonly { _id: string; title: string; ictacemId: string; reason: string }[];
  label: string;
}) {
  if (papers.length === 0) return null;
  return (
    <ul className="max-h-60 space-y-2 overflow-y-auto text-sm" aria-label={label}>
      {papers.map((paper) => (
        <li key={paper._id} className="rounded-md bg-slate-50 px-3 py-2">
          <span className="font-medium break-words text-slate-900">{paper.title || paper._id}</span>
          {paper.ictacemId && <span className="ml-1 font-mono text-xs text-slate-500">{paper.ictacemId}</span>}
          <span className="block text-slate-600">{paper.reason}</span>
        </li>
      ))}
    </ul>
  );
}
