type QueryValue = string | number | null | undefined;

/**
 * "?search=ada&page=2" from the given values, in their order; blank, null and undefined values
 * are left out so the server applies its own defaults. Gives "" when nothing is left.
 */
export function toQueryString(params: Record<string, QueryValue>): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value === null || value === undefined) continue;
    const text = String(value).trim();
    if (text !== '') query.append(name, text);
  }
  const encoded = query.toString();
  return encoded ? `?${encoded}` : '';
}
