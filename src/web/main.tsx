import '@fontsource-variable/fraunces/opsz.css';
import '@fontsource-variable/inter/wght.css';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProviders } from './app-providers';
import { preferJitlessZod } from './lib/zod-jitless';
import { AppRoutes } from './router';

preferJitlessZod();

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

createRoot(container).render(
  <StrictMode>
    <AppProviders>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  </StrictMode>,
);
