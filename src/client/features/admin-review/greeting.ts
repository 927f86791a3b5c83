export type Greeting = 'Good morning' | 'Good afternoon' | 'Good evening';

/** Spec 2.2: morning before 12:00, afternoon before 18:00, evening after that (the reader's clock). */
export function greetingFor(now: Date): Greeting {
  const hour = now.getHours();
  if (hour < 12) return 'Good morning';
  if (hour < 18) return 'Good afternoon';
  return 'Good evening';
}
