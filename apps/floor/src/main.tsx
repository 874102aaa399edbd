import '@mantine/core/styles.css';
import './app/floor.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { registerServiceWorker } from './app/sw-update.ts';
import { initI18n } from './i18n/index.ts';

initI18n();
registerServiceWorker();
// Ask the browser not to evict IndexedDB under storage pressure: it holds picks not yet sent.
void navigator.storage?.persist?.().catch(() => false);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
