// jsdom lacks a few browser APIs Mantine uses; these stand-ins only make layout code run in tests.

import { loadReasonTexts } from '@hoppa/web';
import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { loadAllAreaTexts } from '../i18n/i18n.ts';

afterEach(() => {
  cleanup();
  // What the unmounted screens left in the body goes too (Mantine's shared portal node): with it, the next file's page
  // came after the portal in the document, and a query for the first element with a label found a listbox first.
  document.body.replaceChildren();
  // Mantine keeps its notifications in one store per module: a toast shown by one test must not appear in the next
  // (the suite shares modules between files, ADR 0055).
  notifications.clean();
});
// The machines running the suite are shared and busy: a screen may take longer than testing-library's 1 s default to
// settle. Waiting longer changes no verdict, it only stops a slow render from reading as a missing element.
configure({ asyncUtilTimeout: 5000 });
// Screens render in tests without the router's step that loads their area's texts (app/router.tsx), and the shared
// refusal texts are there from the start (in the app they arrive with the first screen: @hoppa/web loadReasonTexts).
beforeAll(async () => {
  await Promise.all([loadAllAreaTexts(), loadReasonTexts()]);
});

if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

class NoopResizeObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
globalThis.ResizeObserver ??= NoopResizeObserver as unknown as typeof ResizeObserver;
window.HTMLElement.prototype.scrollIntoView ??= () => {};
