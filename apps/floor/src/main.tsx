// Mantine's CSS per component the floor uses (issue 8: only the CSS a screen needs), in its documented order:
// the base layers first, then each component after the ones it builds on. A new Mantine component needs its file here.
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Center.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Image.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Drawer.css';
import '@mantine/core/styles/VisuallyHidden.css';
import './app/floor.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, preloadScreen } from './app/app.tsx';
import { holdOutboxLoad } from './app/outbox-status.ts';
import { startSessionCheck } from './app/session.tsx';
import { registerServiceWorker } from './app/sw-update.ts';
import { firstCardSettled, sendFirstPickPage } from './features/pick/pick-first-page.ts';
import { initI18n } from './i18n/index.ts';

// Before anything renders, the two things the first screen waits on go out side by side (ADR 0064): the session
// check and the code of the screen in the address bar.
startSessionCheck();
// On the pick screen of a fresh device its list's first page goes out with them (ADR 0078): it no longer waits for
// the session check's answer and the screen's files.
sendFirstPickPage(window.location.pathname);
// Its first card shows without Dexie and the outbox's sender (pick-first.screen.tsx): their file waits for that card's
// paint instead of sharing the network with the card's files (ADR 0136).
const firstCard = firstCardSettled();
if (firstCard) holdOutboxLoad(firstCard);
preloadScreen(window.location.pathname);
initI18n();
// What the first screen does not need waits until the page has loaded and the main thread is idle (ADR 0072): the
// service worker (with workbox-window) and the request to keep IndexedDB, which holds picks not yet sent, under
// storage pressure. Not before SERVICE_WORKER_DELAY_MS after the load event (ADR 0078): the screens' files are dynamic
// imports, so the load event comes before a screen has run, and workbox-window's request went out before the pick
// card's paint (one more file in Lighthouse's LCP chain).
afterLoadWhenIdle(() => {
  // Offline before workbox-window was ever cached its file cannot load: the next start registers (no page error).
  registerServiceWorker().catch((err: unknown) => console.warn('Service worker not registered now', err));
  void navigator.storage?.persist?.().catch(() => false);
});

/** How long after the load event the service worker waits at least (ms). */
const SERVICE_WORKER_DELAY_MS = 3000;

/**
 * Runs `fn` {@link SERVICE_WORKER_DELAY_MS} after the page's load event, when the main thread is idle (a timer without
 * idle callbacks).
 */
function afterLoadWhenIdle(fn: () => void): void {
  const idle = () =>
    typeof requestIdleCallback === 'function'
      ? requestIdleCallback(fn, { timeout: 5000 })
      : setTimeout(fn, 500);
  const later = () => setTimeout(idle, SERVICE_WORKER_DELAY_MS);
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
}

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
// The first render waits one task: the session check (ky sends from a microtask) and the screen's dynamic imports
// leave while the main thread is free, not after the whole app has rendered; index.html's shell shows meanwhile.
setTimeout(() => {
  // The static shell goes in the same task as the first render (synchronous in Preact), so no frame shows the root
  // empty; the first render shows the same shell (BootShell) until the screen is ready (ADR 0064).
  root.replaceChildren();
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}, 0);
