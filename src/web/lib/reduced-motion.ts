/** Whether the person asked for less motion: scrolls jump instead of gliding. False where there is no window (the server's render). */
export const prefersReducedMotion = (): boolean =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
