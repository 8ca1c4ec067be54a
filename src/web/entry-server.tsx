import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { AppProviders } from './app-providers';
import type { PostedForm } from '../domain/posted-form';
import type { RenderedPage } from '../domain/first-paint';
import { FirstPaintData, type FirstPaintQuery } from './lib/first-paint-data';
import { PageStatus } from './lib/page-status';
import { PostedFormData } from './lib/posted-form';
import { AppRoutes } from './router';

/**
 * Renders a page's first paint on the server: the tree main.tsx hydrates, for a visitor whose session is still
 * being checked (the header holds its place). Lists show their loading state, except for the public answers the
 * server passes in `queries` (a public studio), which the page renders at once and the browser's cache takes
 * over. Nothing here reads the viewer's cookies, so the same HTML suits everyone; the browser hydrates it and
 * fetches as before (decision 084). A form the browser posted natively comes back in `posted`, with what was
 * entered and its messages (decision 105). Built by `vite build --ssr` into dist/ssr and used by the
 * server's web plugin.
 *
 * The status is part of the result: 200 unless a page said, while rendering, that what it shows is missing or
 * hidden (`useNotFoundStatus`), so the server answers 404 with that same page (decision 115).
 */
export async function renderPage(url: string, queries: readonly FirstPaintQuery[] = [], posted: PostedForm | null = null): Promise<RenderedPage> {
  let failed: unknown = null;
  let status = 200;
  const setStatus = (next: number) => {
    status = next;
  };
  const { prelude } = await prerender(
    <StrictMode>
      <AppProviders>
        <StaticRouter location={url}>
          <PageStatus.Provider value={setStatus}>
            <FirstPaintData.Provider value={queries}>
              <PostedFormData.Provider value={posted}>
                <AppRoutes />
              </PostedFormData.Provider>
            </FirstPaintData.Provider>
          </PageStatus.Provider>
        </StaticRouter>
      </AppProviders>
    </StrictMode>,
    {
      onError(error) {
        failed = error;
      },
    },
  );
  const reader = prelude.getReader();
  const decoder = new TextDecoder();
  let html = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    html += decoder.decode(value, { stream: true });
  }
  html += decoder.decode();
  // A page that fails to render on the server still works: the browser renders it from scratch.
  if (failed) throw failed instanceof Error ? failed : new Error(String(failed));
  return { html, status };
}
