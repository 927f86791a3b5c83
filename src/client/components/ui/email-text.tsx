/**
 * An e-mail address on one line, cut with an ellipsis when its box is narrower; the whole
 * address shows on hover (title) and unfolds in place on hover or keyboard focus.
 */
export function EmailText({ email, className = '' }: { email: string; className?: string }) {
  return (
    <a
      href={`mailto:${email}`}
      title={email}
      className={`block truncate hover:whitespace-normal hover:wrap-anywhere focus-visible:whitespace-normal focus-visible:wrap-anywhere ${className}`}
    >
      {email}
    </a>
  );
}
