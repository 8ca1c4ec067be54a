import '@fontsource-variable/fraunces/opsz.css';
import '@fontsource-variable/inter/wght.css';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProviders } from './app-providers';
import { FirstPaintData, readFirstPaintData } from './lib/first-paint-data';
import { PostedFormData, readPostedForm } from './lib/posted-form';
import { preferJitlessZod } from './lib/zod-jitless';
import { AppRoutes } from './router';

preferJitlessZod();

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

const app = (
  <StrictMode>
    <AppProviders>
      <BrowserRouter>
        <FirstPaintData.Provider value={readFirstPaintData()}>
          <PostedFormData.Provider value={readPostedForm()}>
            <AppRoutes />
          </PostedFormData.Provider>
        </FirstPaintData.Provider>
      </BrowserRouter>
    </AppProviders>
  </StrictMode>
);

// The server sends each page's first paint (entry-server.tsx, decision 084): take it over rather than repaint it.
// Without it (the dev server, or a page the server could not render) the app renders from scratch.
if (container.firstElementChild) {
  // A mismatch is reported to the console (React's default), where the browser tests look for it.
  hydrateRoot(container, app);
} else {
  createRoot(container).render(app);
}
