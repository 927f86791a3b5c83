import { clsx, type ClassValue } from 'clsx';

/**
 * A class list from parts, some of them conditional: `cn('rounded', edited && 'bg-amber-50')`.
 * Without tailwind-merge (about 8 kB compressed on every page): the site's components take
 * variants as props rather than overriding each other's classes, so no two parts conflict.
 */
export function cn(...parts: ClassValue[]): string {
  return clsx(parts);
}
