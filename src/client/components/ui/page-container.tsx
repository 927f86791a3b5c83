import type { HTMLAttributes } from 'react';

/** The site's one content width; the header and footer use it too, so every page lines up with them. */
export const PAGE_WIDTH = 'mx-auto w-full max-w-7xl px-4';

interface PageContainerProps extends HTMLAttributes<HTMLElement> {
  as?: 'div' | 'section';
}

/** Page-level content at the site's content width; vertical spacing is left to the page. */
export function PageContainer({ as: Element = 'div', className = '', ...props }: PageContainerProps) {
  return <Element className={`${PAGE_WIDTH} ${className}`} {...props} />;
}
