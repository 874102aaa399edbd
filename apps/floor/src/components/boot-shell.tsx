/**
 * The app shell while the session is read or a screen's code loads: the shapes of the app icon, its name and an
 * orange line, centred. index.html paints the same markup with inline CSS before any script runs (ADR 0064), and the
 * app renders this in its place until the screen is ready, so the picker sees one steady frame instead of
 * blank → spinner → blank → screen. Shapes only (no text, no image): see index.html for why.
 * `boot-shell.test.tsx` keeps the two copies alike. Labelled "Laden" for screen readers, as the spinner was.
 */
export function BootShell() {
  return (
    <div className="boot-shell" role="status" aria-busy="true" aria-label="Laden">
      <div className="boot-icon" />
      <div className="boot-name" />
      <div className="boot-line" />
    </div>
  );
}
