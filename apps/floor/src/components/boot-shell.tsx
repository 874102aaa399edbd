import { asset } from '../app/api.ts';

/**
 * The app shell while the session is read or a screen's code loads: the app icon, its name and a moving line, centred.
 * index.html paints the same markup with inline CSS before any script runs (ADR 0064), and the app renders this in
 * its place until the screen is ready, so the picker sees one steady frame instead of blank → spinner → screen.
 * `boot-shell.test.tsx` keeps the two copies alike. Labelled "Laden" for screen readers, as the spinner was.
 */
export function BootShell() {
  return (
    <div className="boot-shell" role="status" aria-busy="true" aria-label="Laden">
      <img src={asset('icons/icon-192.png')} alt="" width={72} height={72} />
      <p>Hoppa Floor</p>
      <div className="boot-line" />
    </div>
  );
}
