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
import { preloadScreen } from './app/screen-preload.ts';
import { startSessionCheck } from './app/session-check.ts';
import { sendFirstPickPage } from './features/pick/pick-first-page.ts';

// The floor's first file is small (ADR 0082): it sends what the first screen waits on and starts its files, then
// loads the app (app/start.tsx: React, Mantine, the router, i18next), which index.html preloads beside this file
// (vite.config.ts `preloadAppStart`). So the screen's files, the session check and the pick list's first page leave
// once this small file has run, while the app's larger file still downloads, not after it has downloaded and run.

// Before anything renders, the two things the first screen waits on go out side by side (ADR 0064): the session
// check and the code of the screen in the address bar.
startSessionCheck();
// On the pick screen of a fresh device its list's first page goes out with them (ADR 0078): it no longer waits for
// the session check's answer and the screen's files.
sendFirstPickPage(window.location.pathname);
preloadScreen(window.location.pathname);
void import('./app/start.tsx');
