const GAP_PX = 16;

/**
 * After moving focus by script: the sticky site header (tall on phones) can cover the element
 * the browser scrolled to, so scroll on until it sits just below the header.
 */
export function revealFocusedElement(): void {
  const focused = document.activeElement;
  if (!(focused instanceof HTMLElement)) return;
  const headerBottom = document.querySelector('header')?.getBoundingClientRect().bottom ?? 0;
  const { top } = focused.getBoundingClientRect();
  if (top < headerBottom + GAP_PX) window.scrollBy({ top: top - headerBottom - GAP_PX });
}
