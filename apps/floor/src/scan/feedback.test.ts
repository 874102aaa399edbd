// @vitest-environment jsdom

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from '../test/dom-setup.ts';

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

// canvas-confetti as a recording stand-in: the default function (which draws in a blob: Web Worker) and create().
const confetti = vi.hoisted(() => ({
  defaultCalls: 0,
  created: [] as { canvas: unknown; options: { useWorker?: boolean; resize?: boolean } | undefined }[],
  fired: [] as unknown[],
}));
vi.mock('canvas-confetti', () => {
  const fire = () => {
    confetti.defaultCalls += 1;
    return null;
  };
  fire.create = (canvas: unknown, options?: { useWorker?: boolean; resize?: boolean }) => {
    confetti.created.push({ canvas, options });
    return (o: unknown) => {
      confetti.fired.push(o);
      return null;
    };
  };
  return { default: fire };
});

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

describe('deviceFeedback', { timeout: 30_000 }, () => {
  beforeEach(() => {
    vi.resetModules();
    browser.reset();
    confetti.defaultCalls = 0;
    confetti.created.length = 0;
    confetti.fired.length = 0;
  });

  it("fires confetti without a Web Worker: the CSP's worker-src 'self' refuses the library's blob: worker", async () => {
    const { deviceFeedback } = await import('./feedback.ts');
    deviceFeedback.valid(2);
    await settle();
    deviceFeedback.done('Hoppa! je bent klaar met picken!');
    await settle();
    expect(confetti.defaultCalls).toBe(0);
    // one instance for the page, on the library's own canvas, drawn on the main thread
    expect(confetti.created).toEqual([{ canvas: undefined, options: { resize: true, useWorker: false } }]);
    expect(confetti.fired).toHaveLength(2);
  });

  it('the last pick: the done message is heard in full, the quantity spoken before it cannot cancel it (spec 2 §2)', async () => {
    const { deviceFeedback } = await import('./feedback.ts');
    // what the pick screen does on the last pick's scan: valid, then done, in the same task
    deviceFeedback.valid(3);
    deviceFeedback.done('Hoppa! je bent klaar met picken!');
    await settle();
    // Replays the speech queue as the browser keeps it: cancel() drops everything queued or being spoken.
    const events = [
      ...browser.speak.mock.calls.map((c, i) => ({
        at: browser.speak.mock.invocationCallOrder[i] ?? 0,
        text: c[0].text as string | null,
      })),
      ...browser.cancelSpeech.mock.invocationCallOrder.map((at) => ({ at, text: null })),
    ].sort((a, b) => a.at - b.at);
    const queue: string[] = [];
    for (const e of events) {
      if (e.text === null) queue.length = 0;
      else queue.push(e.text);
    }
    expect(queue).toEqual(['3', 'Hoppa! je bent klaar met picken!']);
  });
});
