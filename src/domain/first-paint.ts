/** One query's answer, read on the server for a page's first paint and taken over by the browser's cache. */
export interface FirstPaintQuery {
  key: readonly unknown[];
  data: unknown;
}

/** A page rendered on the server: the markup for `#root`, and the HTTP status the page asked for (decision 115). */
export interface RenderedPage {
  html: string;
  status: number;
}

/** The element that carries the answers in the page (JSON, never executed, so our CSP allows it). */
export const FIRST_PAINT_DATA_ID = 'first-paint-data';

/** JSON that is safe inside a script element: no '<' can close it. */
export const serializeFirstPaintData = (data: readonly FirstPaintQuery[] | object): string =>
  JSON.stringify(data).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
