/** Speech rates (spec 2 §9): the quantity fast, as the source reads it (2.5); the done message slower (0.8). */
export const SPEECH_RATE = { quantity: 2.5, location: 1, done: 0.8 } as const;

let warned = false;

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
  const dutch = synth.getVoices().find((v) => v.lang.toLowerCase().startsWith('nl'));
  if (dutch) u.voice = dutch;
  synth.speak(u);
}
