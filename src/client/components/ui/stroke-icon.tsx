/**
 * A line icon drawn in the text colour on a 24-unit grid: decorative, so hidden from assistive
 * technology (the control it sits in carries the name).
 */
export function StrokeIcon({
  path,
  size = 20,
  strokeWidth = 2,
  className,
}: {
  path: string;
  size?: number;
  strokeWidth?: number;
  className?: string;
}) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
      aria-hidden="true"
    >
      <path d={path} />
    </svg>
  );
}
