import { UnstyledButton } from '@mantine/core';
import type { Ref } from 'react';
import { ScanInput, type ScanInputHandle } from '../scan/scan-input.tsx';

/** The words of a scan row, in the screen's language. */
export interface ScanBarTexts {
  scanLabel: string;
  scanPlaceholder: string;
  keyboard: string;
  camera: string;
}

/**
 * The scan row of a floor screen (spec 2 §2, §5 Pick screen scan; the Locations task): the scan field
 * (keyboard-wedge scanners type into it), the on-screen keyboard switch for typing a code, and the camera button for
 * phones without a scanner. `onEscape` runs on Escape in the field (the location widget hides its input, spec 2 §2).
 */
export function ScanBar(props: {
  inputRef: Ref<ScanInputHandle>;
  onScan: (raw: string) => void;
  manual: boolean;
  onToggleManual: () => void;
  onCamera: () => void;
  active: boolean;
  texts: ScanBarTexts;
  onEscape?: () => void;
}) {
  const { inputRef, onScan, manual, onToggleManual, onCamera, active, texts, onEscape } = props;
  return (
    <div className="scan-row">
      <ScanInput
        ref={inputRef}
        onScan={onScan}
        manual={manual}
        label={texts.scanLabel}
        placeholder={texts.scanPlaceholder}
        active={active}
        onEscape={onEscape}
      />
      <UnstyledButton
        className={`icon-button ${manual ? 'icon-button-on' : ''}`}
        aria-label={texts.keyboard}
        aria-pressed={manual}
        onClick={onToggleManual}
      >
        <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true">
          <rect x="2" y="6" width="20" height="12" rx="2" fill="none" stroke="currentColor" strokeWidth="2" />
          <path
            d="M6 10h1M10 10h1M14 10h1M18 10h1M7 14h10"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
          />
        </svg>
      </UnstyledButton>
      <UnstyledButton className="icon-button" aria-label={texts.camera} onClick={onCamera}>
        <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true">
          <path
            d="M4 8h3l2-3h6l2 3h3v11H4z"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinejoin="round"
          />
          <circle cx="12" cy="13" r="3.5" fill="none" stroke="currentColor" strokeWidth="2" />
        </svg>
      </UnstyledButton>
    </div>
  );
}
