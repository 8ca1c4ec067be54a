import { createContext, useContext } from 'react';

/**
 * Provided by the server entry (entry-server.tsx) to each render, and absent in the browser: how a page tells the
 * server the HTTP status to answer with. A page that finds its subject missing or hidden says so while it renders,
 * so the status always matches what the page shows (decision 115).
 */
export const PageStatus = createContext<((status: number) => void) | null>(null);

/** Marks the page being rendered as not found: the server answers it with 404. Does nothing in the browser. */
export function useNotFoundStatus(): void {
  useContext(PageStatus)?.(404);
}
