import { describe, expect, it } from 'vitest';
import { pageWindow, shownRange } from './page-window.ts';

describe('pageWindow', () => {
  it('shows every page when there are at most five', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(2, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(5, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('centres the current page in a window of five', () => {
    expect(pageWindow(5, 9)).toEqual([3, 4, 5, 6, 7]);
    expect(pageWindow(4, 9)).toEqual([2, 3, 4, 5, 6]);
  });

  it('slides the window inwards at either end', () => {
    expect(pageWindow(1, 9)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(2, 9)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(8, 9)).toEqual([5, 6, 7, 8, 9]);
    expect(pageWindow(9, 9)).toEqual([5, 6, 7, 8, 9]);
  });

  it('keeps a current page outside the range inside it', () => {
    expect(pageWindow(20, 9)).toEqual([5, 6, 7, 8, 9]);
    expect(pageWindow(0, 9)).toEqual([1, 2, 3, 4, 5]);
  });

  it('has no buttons without pages', () => {
    expect(pageWindow(1, 0)).toEqual([]);
  });
});

describe('shownRange', () => {
  it('gives the first and last row shown', () => {
    expect(shownRange(1, 10, 23)).toEqual({ from: 1, to: 10 });
    expect(shownRange(3, 10, 23)).toEqual({ from: 21, to: 23 });
    expect(shownRange(2, 5, 10)).toEqual({ from: 6, to: 10 });
  });

  it('is 0 to 0 without rows', () => {
    expect(shownRange(1, 10, 0)).toEqual({ from: 0, to: 0 });
  });
});
