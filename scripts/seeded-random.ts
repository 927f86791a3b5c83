/**
 * A small seeded generator (mulberry32), so that a benchmark builds the same committee on every
 * run, and `pick` to choose from a list with it.
 */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  const random = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  return { random, pick };
}
