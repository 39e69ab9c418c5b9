import '@mantine/core/styles.css';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { registerAppWorker } from './app/app-update.ts';
import './i18n/index.ts';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// The service worker that keeps the app on the device: in a build, once the first screen is shown.
if (import.meta.env.PROD) window.addEventListener('load', registerAppWorker, { once: true });
