import type { ComponentProps } from 'react';

/** The wax-seal outline: a circle with soft, slightly uneven lobes, as pressed wax spreads. */
function buildWaxEdge(cx: number, cy: number, radius: number): string {
  const steps = 168;
  const points: string[] = [];
  for (let i = 0; i < steps; i += 1) {
    const angle = (i / steps) * Math.PI * 2;
    const r = radius + 0.9 * Math.cos(14 * angle) + 0.35 * Math.sin(3 * angle + 1);
    points.push(`${(cx + r * Math.cos(angle)).toFixed(2)},${(cy + r * Math.sin(angle)).toFixed(2)}`);
  }
  return `M${points.join('L')}Z`;
}

export const WAX_EDGE_PATH = buildWaxEdge(20, 20, 18.4);

/** The Seal's drawing on a 40×40 grid. Colour comes from `currentColor`. Decorative unless labelled by the caller. */
export function SealMark({ className, ...props }: ComponentProps<'svg'>) {
  return (
    <svg viewBox="0 0 40 40" className={className} aria-hidden="true" focusable="false" {...props}>
      <path d={WAX_EDGE_PATH} fill="currentColor" />
      <circle cx="20" cy="20" r="13.4" fill="none" stroke="#FAF8F4" strokeOpacity="0.55" strokeWidth="1" />
      <circle cx="20" cy="20" r="11.6" fill="none" stroke="#FAF8F4" strokeOpacity="0.3" strokeWidth="0.6" strokeDasharray="0.8 1.4" />
      <path
        d="M14.6 20.4l3.7 3.7 7.2-8"
        fill="none"
        stroke="#FAF8F4"
        strokeWidth="2.4"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
