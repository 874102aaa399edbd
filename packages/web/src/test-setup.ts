// jsdom lacks matchMedia, which Mantine's provider reads for the colour scheme; this stand-in only lets it run.
import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { loadReasonTexts } from './i18n.ts';

afterEach(() => cleanup());
// The shared refusal texts are there from the start (in the apps they arrive with the first screen: loadReasonTexts).
beforeAll(() => loadReasonTexts());

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
