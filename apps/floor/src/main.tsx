// Mantine's CSS per component the floor uses (issue 8: only the CSS a screen needs), in its documented order:
// the base layers first, then each component after the ones it builds on. A new Mantine component needs its file here.
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
// The floor theme's CSS variables, which MantineProvider no longer works out at start (ADR 0110); after Mantine's own.
import './app/theme-variables.css';
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
import { startSessionCheck } from './app/session.tsx';
import { registerServiceWorker } from './app/sw-update.ts';
import { sendFirstPickPage } from './features/pick/pick-first-page.ts';
import { initI18n } from './i18n/index.ts';

// Before anything renders, the two things the first screen waits on go out side by side (ADR 0064): the session
// check and the code of the screen in the address bar.
const sessionKnown = startSessionCheck();
// On the pick screen of a fresh device its list's first page goes out with them (ADR 0078): it no longer waits for
// the session check's answer and the screen's files.
sendFirstPickPage(window.location.pathname);
const screenIn = preloadScreen(window.location.pathname);
// i18next's set-up in a task of its own, after the requests have left (ADR 0110): the module evaluation's task
// stays shorter, and Lighthouse counts every task's length beyond 50 ms (at 4× CPU) as blocking time.
const textsReady = nextTask().then(() => {
  initI18n();
});
// What the first screen does not need waits until the page has loaded and the main thread is idle (ADR 0072): the
// service worker (with workbox-window) and the request to keep IndexedDB, which holds picks not yet sent, under
// storage pressure. Not before SERVICE_WORKER_DELAY_MS after the load event (ADR 0078): the screens' files are dynamic
// imports, so the load event comes before a screen has run, and workbox-window's request went out before the pick
// card's paint (one more file in Lighthouse's LCP chain).
afterLoadWhenIdle(() => {
  void registerServiceWorker();
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

/** How long the first render waits at most for the session check and the screen's code (ms); see below. */
const FIRST_RENDER_WAIT_MS = 4000;

/** A promise that answers in a later task of the event loop (a timer of 0 ms). */
function nextTask(): Promise<void> {
  return new Promise((done) => setTimeout(done, 0));
}

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
// The first render waits until the first screen is known and its code is in (ADR 0110): the session check has
// answered (or the device's session copy decides) and the screen's code and texts have loaded. index.html's static
// shell shows meanwhile, the same frame the app rendered while it waited (BootShell), so nothing changes on screen;
// but the app renders once, straight into the screen, where it rendered the shell, then the shell again for the lazy
// screen, then the screen: two renders of the whole app and a suspension fewer on every start. Offline the check fails
// at once (and a device with a copy does not wait for it); a check or a screen that takes longer than
// FIRST_RENDER_WAIT_MS no longer holds the render, which then shows the shell until they are in, as before.
// The render is a task of its own (a timer), not part of the task in which the last answer came in.
void Promise.race([
  Promise.all([sessionKnown, screenIn, textsReady]),
  new Promise((done) => setTimeout(done, FIRST_RENDER_WAIT_MS)).then(() => textsReady),
]).then(() =>
  setTimeout(() => {
    // The static shell goes in the same task as the first render (synchronous in Preact), so no frame shows the root
    // empty; the first render shows the same shell (BootShell) until the screen is ready (ADR 0064).
    root.replaceChildren();
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  }, 0),
);
