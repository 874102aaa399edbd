import { Alert, Button, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';

export interface CameraScannerProps {
  opened: boolean;
  onClose(): void;
  /** Receives the decoded barcode; the dialog closes itself. */
  onScan(raw: string): void;
  texts: { title: string; hint: string; close: string; failed: string };
}

/**
 * Camera scanning for desks without a hand scanner (spec 3 §2 Scanner page): @zxing/browser is loaded only when the
 * dialog opens (its own chunk), decodes EAN-13, Code 128, QR and the other formats ZXing reads from the back (or only)
 * camera, and stops on the first result or when the dialog closes. The floor app has the same dialog with a torch
 * switch for handhelds (apps/floor/src/scan/camera-scanner.tsx).
 */
export function CameraScanner({ opened, onClose, onScan, texts }: CameraScannerProps) {
  const video = useRef<HTMLVideoElement>(null);
  const [error, setError] = useState<string | null>(null);
  const onScanRef = useRef(onScan);
  onScanRef.current = onScan;

  useEffect(() => {
    if (!opened) return;
    let stopped = false;
    let controls: { stop(): void } | null = null;
    setError(null);
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
    <Modal opened={opened} onClose={onClose} title={texts.title} size="lg">
      <Stack>
        <Text>{texts.hint}</Text>
        {error ? (
          <Alert color="red" role="alert">
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
        <Button variant="default" onClick={onClose}>
          {texts.close}
        </Button>
      </Stack>
    </Modal>
  );
}
