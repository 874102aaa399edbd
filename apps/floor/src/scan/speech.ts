/** Speech rates (spec 2 §9): the quantity fast, as the source reads it (2.5); the done message slower (0.8). */
export const SPEECH_RATE = { quantity: 2.5, location: 1, done: 0.8 } as const;

let warned = false;
/** The Dutch voice, looked up once (and again when the browser's voice list changes), not at every scan. */
let dutchVoice: SpeechSynthesisVoice | null | undefined;

function dutch(synth: SpeechSynthesis): SpeechSynthesisVoice | null {
  if (dutchVoice === undefined) {
    dutchVoice = synth.getVoices().find((v) => v.lang.toLowerCase().startsWith('nl')) ?? null;
    // Chromium fills the list after the first call: look again once it has.
    synth.addEventListener?.('voiceschanged', () => {
      dutchVoice = undefined;
    });
  }
  return dutchVoice;
}

/**
 * Speaks Dutch text (nl-NL) with the Web Speech API. `interrupt` drops what is still being said, so a
 * quick run of scans does not queue up stale readings. Without speech support it logs one console
 * warning (spec 2 §8) and does nothing.
 */
export function speak(text: string, rate: number, interrupt = true): void {
  const synth = typeof window !== 'undefined' ? window.speechSynthesis : undefined;
  if (!synth || typeof SpeechSynthesisUtterance === 'undefined') {
    if (!warned) console.warn('Speech synthesis is not supported on this browser; spoken feedback is off.');
    warned = true;
    return;
  }
  if (interrupt) synth.cancel();
  const u = new SpeechSynthesisUtterance(text);
  u.lang = 'nl-NL';
  u.rate = rate;
  const voice = dutch(synth);
  if (voice) u.voice = voice;
  synth.speak(u);
}
