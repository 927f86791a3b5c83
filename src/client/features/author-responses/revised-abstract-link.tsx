/** A response's revised abstract, opened in a new tab (said to screen readers too), named by its file when known. */
export function RevisedAbstractLink({
  href,
  fileName,
  className = 'mt-2 inline-block text-brand-700 underline',
}: {
  href: string;
  fileName?: string;
  className?: string;
}) {
  return (
    <a className={className} href={href} target="_blank" rel="noopener noreferrer">
      Revised abstract{fileName ? `: ${fileName}` : ''}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}
