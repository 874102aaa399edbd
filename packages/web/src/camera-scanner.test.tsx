import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CameraScanner } from './camera-scanner.tsx';

/** What the faked reader does: decode `code` (or fail to start), and whether the camera has a torch. */
const camera = vi.hoisted(() => ({
  code: '8710398527684' as string | null,
  torch: true,
  stopped: 0,
  torchOn: [] as boolean[],
}));

vi.mock('@zxing/browser', () => ({
  BrowserMultiFormatReader: class {
    async decodeFromConstraints(
      _constraints: MediaStreamConstraints,
      _video: HTMLVideoElement,
      callback: (result: { getText(): string } | undefined, err: unknown, c: { stop(): void }) => void,
    ) {
      if (camera.code === null) throw new Error('NotAllowedError');
      const controls = {
        stop: () => {
          camera.stopped += 1;
        },
        ...(camera.torch
          ? {
              switchTorch: async (on: boolean) => {
                camera.torchOn.push(on);
              },
            }
          : {}),
      };
      const code = camera.code;
      // The first frame decodes nothing, a later one the barcode.
      setTimeout(() => callback(undefined, new Error('no code'), controls), 5);
      setTimeout(() => callback({ getText: () => code }, undefined, controls), 200);
      return controls;
    }
  },
}));

const texts = {
  title: 'Scan',
  hint: 'Hold the code up',
  close: 'Close',
  failed: 'No camera',
  torch: 'Torch',
};

function show(onScan: (raw: string) => void, device?: 'handheld' | 'desk') {
  return render(
    <MantineProvider>
      <CameraScanner opened onClose={() => {}} onScan={onScan} texts={texts} device={device} />
    </MantineProvider>,
  );
}

describe('CameraScanner (both apps’ camera dialog)', () => {
  afterEach(() => {
    cleanup();
    camera.code = '8710398527684';
    camera.torch = true;
    camera.stopped = 0;
    camera.torchOn = [];
  });

  it('hands over the first decoded barcode once and stops the camera; the torch switch where the camera has one', async () => {
    const scans: string[] = [];
    show((raw) => scans.push(raw));
    const torch = await screen.findByRole('button', { name: 'Torch' });
    fireEvent.click(torch);
    await waitFor(() => expect(camera.torchOn).toEqual([true]));
    await waitFor(() => expect(scans).toEqual(['8710398527684']));
    expect(camera.stopped).toBeGreaterThanOrEqual(1);
  });

  it('shows no torch switch without one, and says so when the camera cannot start (desk dialog)', async () => {
    camera.torch = false;
    const scans: string[] = [];
    show((raw) => scans.push(raw), 'desk');
    await waitFor(() => expect(scans).toHaveLength(1));
    expect(screen.queryByRole('button', { name: 'Torch' })).toBeNull();
    cleanup();
    camera.code = null;
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    show(() => {}, 'desk');
    expect((await screen.findByRole('alert')).textContent).toBe('No camera');
  });
});
