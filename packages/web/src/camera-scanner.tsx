import { Alert, Button, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';

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
 * import it from `@hoppa/web/camera-scanner`, lazily): @zxing/browser is loaded only when the dialog opens (it is
 * large), decodes EAN-13, Code 128 and QR (and the other formats ZXing reads) continuously from the back (or only)
 * camera and stops on the first result or when the dialog closes. Where the camera has a torch, a switch turns the
 * lamp on for a dark shelf (issue 11 item 4).
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
    let controls: { stop(): void; switchTorch?: (on: boolean) => Promise<void> } | null = null;
    setError(null);
    setTorch(null);
    void (async () => {
      try {
        const { BrowserMultiFormatReader } = await import('@zxing/browser');
        if (stopped || !video.current) return;
        const reader = new BrowserMultiFormatReader();
        controls = await reader.decodeFromConstraints(
          { video: { facingMode: 'environment' } },
          video.current,
          (result, _err, c) => {
            if (!result || stopped) return;
            stopped = true;
            c.stop();
            onScanRef.current(result.getText());
          },
        );
        if (stopped) controls.stop();
        else if (controls.switchTorch) setTorch({ on: false, switch: controls.switchTorch });
      } catch (err) {
        console.warn('Camera scanning failed', err);
        if (!stopped) setError(texts.failed);
      }
    })();
    return () => {
      stopped = true;
      controls?.stop();
    };
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
