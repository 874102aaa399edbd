import type { Howl } from 'howler';
import { asset } from '../app/api.ts';
import { SPEECH_RATE, speak } from './speech.ts';

/** What the picker hears and feels after a scan (spec 2 §4 Pick flow). */
export interface ScanFeedback {
  /** Right location or EAN: confirmation beep, a short buzz, the quantity spoken, a little confetti. */
  valid(quantity: number): void;
  /** Anything else: error sound, a long double buzz, the location to go to spoken. */
  wrong(location: string | null): void;
  /** The product of an item without a pick location is right: the confirmation beep, its location scan comes next. */
  link(): void;
  /** The last pick is done: fanfare, big confetti, `message` spoken ('Hoppa! je bent klaar met picken!'). */
  done(message: string): void;
}

type SoundName = 'ok' | 'error' | 'done';
/** Fallback tones when a sound file cannot be played: [frequency Hz, duration ms, wave]. */
const TONES: Record<SoundName, [number, number, OscillatorType][]> = {
  ok: [
    [988, 70, 'sine'],
    [1319, 120, 'sine'],
  ],
  error: [
    [196, 140, 'square'],
    [0, 60, 'square'],
    [147, 260, 'square'],
  ],
  done: [
    [1047, 110, 'sine'],
    [1319, 110, 'sine'],
    [1568, 110, 'sine'],
    [2093, 320, 'sine'],
  ],
};

let audioCtx: AudioContext | null = null;
/** Synthesises a sound with WebAudio, for when howler cannot load or play the file. */
function synth(name: SoundName): void {
  const Ctx = window.AudioContext;
  if (!Ctx) return;
  audioCtx ??= new Ctx();
  let t = audioCtx.currentTime;
  for (const [freq, ms, type] of TONES[name]) {
    if (freq > 0) {
      const osc = audioCtx.createOscillator();
      const gain = audioCtx.createGain();
      osc.type = type;
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.25, t);
      gain.gain.exponentialRampToValueAtTime(0.001, t + ms / 1000);
      osc.connect(gain).connect(audioCtx.destination);
      osc.start(t);
      osc.stop(t + ms / 1000);
    }
    t += ms / 1000;
  }
}

/**
 * howler and canvas-confetti load on first use, off the pick screen's first load (ADR 0064): the screen preloads the
 * sounds when the main thread is idle, seconds before any scan; the confetti comes after the verdict anyway.
 */
let howler: Promise<typeof import('howler')> | null = null;
const loadHowler = () => {
  howler ??= import('howler');
  return howler;
};
let HowlClass: typeof Howl | null = null;

/** The confetti of this page, made on first use (canvas-confetti asks for one instance per canvas). */
let confettiCannon: Promise<import('canvas-confetti').CreateTypes> | null = null;

/**
 * Fires confetti drawn on the main thread. canvas-confetti's default function draws in a Web Worker made from a
 * `blob:` URL, which the API's Content-Security-Policy (`worker-src 'self'`) refuses, after the library has handed
 * its canvas to that worker: nothing would ever draw. So the floor makes its own instance, without a worker, on the
 * library's own full-window canvas (`undefined`: added for a burst and removed after it), kept the window's size.
 */
function fireConfetti(options: import('canvas-confetti').Options): void {
  confettiCannon ??= import('canvas-confetti').then((m) =>
    m.default.create(undefined, { resize: true, useWorker: false }),
  );
  confettiCannon.then((fire) => fire(options)).catch(() => undefined); // no confetti is no loss
}

const sounds = new Map<SoundName, { howl: Howl; broken: boolean }>();
/** The howler sound of `name`, created (and loading) on first use; howler itself must have loaded. */
function sound(Howler: typeof Howl, name: SoundName): { howl: Howl; broken: boolean } {
  let entry = sounds.get(name);
  if (!entry) {
    const e = { howl: new Howler({ src: [asset(`sounds/${name}.wav`)], preload: true }), broken: false };
    e.howl.on('loaderror', () => {
      e.broken = true;
    });
    e.howl.on('playerror', () => {
      e.broken = true;
      synth(name);
    });
    sounds.set(name, e);
    entry = e;
  }
  return entry;
}

function play(name: SoundName): void {
  if (!HowlClass) {
    // A scan before the idle preload finished (or in a screen that preloads nothing): play once howler is here.
    loadHowler()
      .then((m) => {
        HowlClass = m.Howl;
        play(name);
      })
      .catch(() => synth(name));
    return;
  }
  const s = sound(HowlClass, name);
  if (s.broken) synth(name);
  else {
    s.howl.stop();
    s.howl.play();
  }
}

/** Loads howler and creates the three sounds (each starts loading its file); failures leave play() its tones. */
function loadSounds(): void {
  loadHowler()
    .then((m) => {
      HowlClass = m.Howl;
      for (const name of ['ok', 'error', 'done'] as const) sound(m.Howl, name);
    })
    .catch(() => undefined); // play() falls back to synthesised tones
}

/** The events that give a page user activation and that a scan starts with (a wedge scanner's first key, a tap). */
const GESTURES = ['keydown', 'pointerdown', 'touchstart'] as const;
let waitingForGesture = false;

/**
 * Loads howler and the sounds ahead of the first scan, so the first beep is not late: at once when the page has had
 * a user gesture (the login typed in this page, a tap, an earlier scan) or the browser cannot tell
 * (`navigator.userActivation` missing), otherwise at the first keydown, pointerdown or touchstart (ADR 0076).
 * Before any gesture a browser keeps an AudioContext suspended anyway (autoplay policy), and howler's start-up
 * (its codec probes and the AudioContext, one task of ~80 ms at full speed on this machine's Chromium) would only
 * block the main thread of a page that has just opened; a wedge scanner's first character is a keydown, tens of
 * milliseconds before its Enter, and a scan that comes before the sounds are ready plays its sound once they are
 * (see `play`). Listens in the capture phase, passively, and only once; never throws.
 */
export function preloadSounds(): void {
  const activation = typeof navigator === 'undefined' ? undefined : navigator.userActivation;
  if (!activation || activation.hasBeenActive) {
    loadSounds();
    return;
  }
  if (waitingForGesture) return;
  waitingForGesture = true;
  const go = () => {
    for (const type of GESTURES) window.removeEventListener(type, go, true);
    waitingForGesture = false;
    loadSounds();
  };
  for (const type of GESTURES) window.addEventListener(type, go, { capture: true, passive: true });
}

function vibrate(pattern: number | number[]): void {
  if (typeof navigator !== 'undefined' && typeof navigator.vibrate === 'function') navigator.vibrate(pattern);
}

/**
 * Runs `fn` after the current task, so after React has put the verdict on screen: speech synthesis and confetti
 * cost milliseconds of main thread on a slow handheld, and the beep, the buzz and the verdict come first (issue 8:
 * feedback within one frame). The spoken words follow a few milliseconds later, long before anyone hears a gap.
 */
function afterVerdict(fn: () => void): void {
  setTimeout(fn, 0);
}

/** The feedback of the real device: howler sounds, navigator.vibrate, Dutch speech, canvas-confetti. */
export const deviceFeedback: ScanFeedback = {
  valid(quantity) {
    play('ok');
    vibrate(80);
    afterVerdict(() => {
      speak(String(quantity), SPEECH_RATE.quantity);
      fireConfetti({
        particleCount: 40,
        spread: 55,
        startVelocity: 30,
        origin: { y: 0.45 },
        disableForReducedMotion: true,
      });
    });
  },
  wrong(location) {
    play('error');
    vibrate([200, 100, 200]);
    if (location) afterVerdict(() => speak(location, SPEECH_RATE.location));
  },
  link() {
    play('ok');
    vibrate(80);
  },
  done(message) {
    play('done');
    vibrate([100, 50, 100, 50, 300]);
    // like the small burst: after the scan's feedback is on screen, never before it. The last pick's valid() has
    // queued its quantity (spoken with interrupt) in this same way just before: the done message is queued after
    // it without interrupting, so it is heard in full after the quantity, never cancelled by it (spec 2 §2).
    afterVerdict(() => {
      speak(message, SPEECH_RATE.done, false);
      fireConfetti({ particleCount: 160, spread: 100, origin: { y: 0.6 }, disableForReducedMotion: true });
    });
  },
};

/** The short confirmation of a floor task other than picking (the Locations task): a beep and a buzz, no speech. */
export interface BeepFeedback {
  /** Accepted (a location added, a transfer queued): the confirmation sound (spec 2 §2 Product location widget). */
  ok(): void;
  /** Refused or not understood: the error sound and a long double buzz (spec 2 §8). */
  wrong(): void;
}

/** {@link BeepFeedback} of the real device: howler sounds and navigator.vibrate. */
export const deviceBeeps: BeepFeedback = {
  ok() {
    play('ok');
    vibrate(80);
  },
  wrong() {
    play('error');
    vibrate([200, 100, 200]);
  },
};
