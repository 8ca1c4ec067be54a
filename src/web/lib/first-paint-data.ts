import { createContext } from 'react';
import { FIRST_PAINT_DATA_ID, type FirstPaintQuery } from '../../domain/first-paint';

export type { FirstPaintQuery };

/**
 * The answers a page was rendered with (decision 084): the server provides them to its render, and the browser
 * reads them from the page, so both render the same thing and the browser does not ask again at once.
 */
export const FirstPaintData = createContext<readonly FirstPaintQuery[]>([]);

/** The page's first-paint answers, or none (a page rendered in the browser, or anything unreadable). */
export function readFirstPaintData(): FirstPaintQuery[] {
  const text = document.getElementById(FIRST_PAINT_DATA_ID)?.textContent;
  if (!text) return [];
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? (parsed as FirstPaintQuery[]) : [];
  } catch {
    return [];
  }
}
