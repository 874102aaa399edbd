import { Alert, Button, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';

/** Pause between two reads of the camera (ms): about ten frames a second, leaving the CPU to the screen. */
const SCAN_INTERVAL_MS = 80;

export interface CameraScannerProps {
  opened: boolean;
  onClose(): void;
  /** Receives the decoded barcode; the dialog closes itself. */
  onScan(raw: string): void;
  /** `torch` labels the lamp switch, shown only where the camera has a torch. */
  texts: { title: string; hint: string; close: string; failed: string; torch?: string };
  /** `handheld` (the floor): full screen, large text and buttons; `desk` (the portal): a dialog. Default handheld. */
  device?: 'handheld' | 'desk';
}

/**
 * Camera scanning for devices without a hardware scanner, in both apps (spec 2 floor screens, spec 3 §2 Scanner page;
 * import it from `@hoppa/web/camera-scanner`, lazily): the reader ({@link createBarcodeReader}: the browser's own
 * Barcode Detection API, else zxing-cpp as WebAssembly) is loaded only when the dialog opens. It reads EAN, Code 128
 * and QR frame after frame from the back (or only) camera, and stops on the first result or when the dialog closes.
 * Where the camera has a torch, a switch turns the lamp on for a dark shelf (issue 11 item 4).
 */
export function CameraScanner({ opened, onClose, onScan, texts, device = 'handheld' }: CameraScannerProps) {
  const handheld = device === 'handheld';
  const video = useRef<HTMLVideoElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [torch, setTorch] = useState<{ on: boolean; switch: (on: boolean) => Promise<void> } | null>(null);
  const onScanRef = useRef(onScan);
  onScanRef.current = onScan;

  useEffect(() => {
    if (!opened) return;
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = () => {
      stopped = true;
      clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
      if (video.current) video.current.srcObject = null;
    };
    setError(null);
    setTorch(null);
    void (async () => {
      try {
        // No camera API (an old browser, a page not served over HTTPS, jsdom): say so without loading the reader.
        if (!navigator.mediaDevices?.getUserMedia)
          throw new Error('This browser offers no camera (navigator.mediaDevices)');
        const [{ createBarcodeReader }, media] = await Promise.all([
          import('./barcode-reader.ts'),
          navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false }),
        ]);
        stream = media;
        const el = video.current;
        if (stopped || !el) return stop();
        const reader = await createBarcodeReader();
        if (stopped) return stop();
        el.srcObject = media;
        await el.play();
        const track = media.getVideoTracks()[0];
        const capabilities = (track?.getCapabilities?.() ?? {}) as { torch?: boolean };
        if (track && capabilities.torch)
          setTorch({
            on: false,
            switch: (on) => track.applyConstraints({ advanced: [{ torch: on } as MediaTrackConstraintSet] }),
          });
        // One frame at a time: the next read starts SCAN_INTERVAL_MS after the last one ended.
        const next = async () => {
          if (stopped) return;
          const found = el.readyState >= 2 ? await reader.detect(el).catch(() => []) : [];
          const code = found[0]?.rawValue;
          if (stopped) return;
          if (code) {
            stop();
            onScanRef.current(code);
          } else timer = setTimeout(next, SCAN_INTERVAL_MS);
        };
        void next();
      } catch (err) {
        console.warn('Camera scanning failed', err);
        if (!stopped) setError(texts.failed);
        stop();
      }
    })();
    return stop;
  }, [opened, texts.failed]);

  return (
    <Modal opened={opened} onClose={onClose} title={texts.title} fullScreen={handheld} size="lg">
      <Stack>
        <Text size={handheld ? 'lg' : 'md'}>{texts.hint}</Text>
        {error ? (
          <Alert color="red" variant={handheld ? 'filled' : 'light'} role="alert">
            {error}
          </Alert>
        ) : (
          <video
            ref={video}
            style={{ width: '100%', borderRadius: 8, background: '#000' }}
            muted
            playsInline
          />
        )}
        {torch && texts.torch ? (
          <Button
            size={handheld ? 'xl' : 'sm'}
            variant={torch.on ? 'filled' : 'default'}
            aria-pressed={torch.on}
            onClick={() => {
              const on = !torch.on;
              torch
                .switch(on)
                .then(() => setTorch({ ...torch, on }))
                .catch((err: unknown) => console.warn('Torch could not be switched', err));
            }}
          >
            {texts.torch}
          </Button>
        ) : null}
        <Button size={handheld ? 'xl' : 'sm'} variant="default" onClick={onClose}>
          {texts.close}
        </Button>
      </Stack>
    </Modal>
  );
}
