import { cn } from '../lib/utils';
import { WAX_EDGE_PATH } from './seal-mark';

// At least 12 units high, so the legend stays legible text on a phone (Lighthouse's font-size audit).
const RING_TEXT = 'Verified human creator · Made by people · Reviewed by people · ';
const RING_RADIUS = 82;

/** The hero's large, decorative rendering of the Seal with its legend around the rim. */
export function SealArtwork({ className }: { className?: string }) {
  const circumference = 2 * Math.PI * RING_RADIUS;
  return (
    <svg viewBox="0 0 200 200" aria-hidden="true" focusable="false" className={cn('text-accent', className)}>
      <circle cx="100" cy="100" r="99" className="fill-muted" />
      <circle cx="100" cy="100" r="94" fill="none" className="stroke-border-strong/40" strokeWidth="0.5" />
      <g className="origin-center animate-[spin_90s_linear_infinite]">
        <path
          id="seal-ring-path"
          d={`M100 ${100 - RING_RADIUS}a${RING_RADIUS} ${RING_RADIUS} 0 1 1 0 ${RING_RADIUS * 2}a${RING_RADIUS} ${RING_RADIUS} 0 1 1 0 ${-RING_RADIUS * 2}`}
          fill="none"
        />
        <text className="fill-ink font-sans uppercase" fontSize="12" fontWeight="600" letterSpacing="0.4">
          <textPath href="#seal-ring-path" textLength={circumference - 4} lengthAdjust="spacing">
            {RING_TEXT}
          </textPath>
        </text>
      </g>
      <circle cx="100" cy="100" r="68" fill="none" className="stroke-border-strong/40" strokeWidth="0.5" />
      <g transform="translate(44 44) scale(2.8)">
        <path d={WAX_EDGE_PATH} fill="currentColor" />
        <circle cx="20" cy="20" r="13.4" fill="none" stroke="#FAF8F4" strokeOpacity="0.55" strokeWidth="0.5" />
        <circle cx="20" cy="20" r="12.2" fill="none" stroke="#FAF8F4" strokeOpacity="0.35" strokeWidth="0.3" strokeDasharray="0.6 1" />
        <path d="M14.6 20.4l3.7 3.7 7.2-8" fill="none" stroke="#FAF8F4" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
      </g>
    </svg>
  );
}
