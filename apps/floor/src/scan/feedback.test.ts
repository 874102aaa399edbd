// @vitest-environment jsdom
import '../test/dom-setup.ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// howler as a recording stand-in: which sounds were created (each Howl starts loading its file when created).
const created: string[] = [];
vi.mock('howler', () => ({
  Howl: class {
    constructor(options: { src: string[] }) {
      created.push(options.src[0] ?? '');
    }
    on() {}
    stop() {}
    play() {}
  },
}));

/** Lets the dynamic import of howler and its `.then` run. */
const settle = () => new Promise((r) => setTimeout(r, 20));

function setActivation(hasBeenActive: boolean | null): void {
  Object.defineProperty(navigator, 'userActivation', {
    configurable: true,
    value: hasBeenActive === null ? undefined : { hasBeenActive, isActive: false },
  });
}

describe('preloadSounds (ADR 0076)', { timeout: 30_000 }, () => {
  beforeEach(() => {
    created.length = 0;
    vi.resetModules();
  });
  afterEach(() => setActivation(null));

  it('waits for the first gesture when the page has had none: nothing loads before the first keydown', async () => {
    setActivation(false);
    const { preloadSounds } = await import('./feedback.ts');
    preloadSounds();
    preloadSounds(); // a second call (another screen) adds no second set of listeners
    await settle();
    expect(created).toEqual([]);
    window.dispatchEvent(new KeyboardEvent('keydown', { key: '8' }));
    await settle();
    expect(created.map((src) => src.replace(/.*\//, ''))).toEqual(['ok.wav', 'error.wav', 'done.wav']);
    window.dispatchEvent(new KeyboardEvent('keydown', { key: '7' }));
    await settle();
    expect(created).toHaveLength(3);
  });

  it('a tap counts as the first gesture too', async () => {
    setActivation(false);
    const { preloadSounds } = await import('./feedback.ts');
    preloadSounds();
    await settle();
    expect(created).toEqual([]);
    window.dispatchEvent(new Event('pointerdown'));
    await settle();
    expect(created).toHaveLength(3);
  });

  it('loads at once when the page has had a gesture (a login typed in this page) or the browser cannot tell', async () => {
    setActivation(true);
    const first = await import('./feedback.ts');
    first.preloadSounds();
    await settle();
    expect(created).toHaveLength(3);
    created.length = 0;
    vi.resetModules();
    setActivation(null);
    const second = await import('./feedback.ts');
    second.preloadSounds();
    await settle();
    expect(created).toHaveLength(3);
  });

  it('a scan before the first gesture was seen still sounds: play loads howler itself', async () => {
    setActivation(false);
    const { deviceBeeps } = await import('./feedback.ts');
    deviceBeeps.ok();
    await settle();
    expect(created.map((src) => src.replace(/.*\//, ''))).toEqual(['ok.wav']);
  });
});
