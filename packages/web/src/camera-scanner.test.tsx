import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CameraScanner } from './camera-scanner.tsx';

/** What the faked camera and reader do: read `code` (or the camera fails to start), and whether it has a torch. */
const camera = vi.hoisted(() => ({
  code: '8710398527684' as string | null,
  torch: true,
  stopped: 0,
  torchOn: [] as boolean[],
  reads: 0,
}));

vi.mock('./barcode-reader.ts', () => ({
  createBarcodeReader: async () => ({
    engine: 'zxing-cpp',
    // The first frames hold nothing, the fourth the barcode.
    detect: async () => {
      camera.reads += 1;
      return camera.reads >= 4 && camera.code ? [{ rawValue: camera.code, format: 'ean_13' }] : [];
    },
  }),
}));

function fakeStream(): MediaStream {
  const track = {
    stop: () => {
      camera.stopped += 1;
    },
    getCapabilities: () => (camera.torch ? { torch: true } : {}),
    applyConstraints: async (c: { advanced: { torch: boolean }[] }) => {
      camera.torchOn.push(c.advanced[0]?.torch as boolean);
    },
  };
  return { getTracks: () => [track], getVideoTracks: () => [track] } as unknown as MediaStream;
}

beforeEach(() => {
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: {
      getUserMedia: async () => {
        if (camera.code === null) throw new DOMException('Permission denied', 'NotAllowedError');
        return fakeStream();
      },
    },
  });
  // jsdom plays no media: the video "plays" at once and always has a frame.
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  vi.spyOn(HTMLMediaElement.prototype, 'readyState', 'get').mockReturnValue(4);
});

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
    camera.reads = 0;
    vi.restoreAllMocks();
  });

  it('hands over the first decoded barcode once and stops the camera; the torch switch where the camera has one', async () => {
    const scans: string[] = [];
    show((raw) => scans.push(raw));
    const torch = await screen.findByRole('button', { name: 'Torch' });
    fireEvent.click(torch);
    await waitFor(() => expect(camera.torchOn).toEqual([true]));
    await waitFor(() => expect(scans).toEqual(['8710398527684']));
    expect(camera.stopped).toBe(1);
    // Reading stopped with the camera: no frame is read after the one that held the barcode.
    await new Promise((r) => setTimeout(r, 300));
    expect(camera.reads).toBe(4);
    expect(scans).toHaveLength(1);
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
