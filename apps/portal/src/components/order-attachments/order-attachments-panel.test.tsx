import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubPageRequest } from '../../test/page-request.ts';
import { renderUi } from '../../test/render.tsx';
import { type AttachmentLabels, OrderAttachmentsPanel } from './order-attachments-panel.tsx';

const ORDER = 'a'.repeat(24);
/** The words a screen gives the panel (here the new order wizard's, in Dutch or English). */
const EN: AttachmentLabels = {
  title: 'Attachments',
  none: 'No attachments found',
  file: 'File',
  size: 'Size',
  instruction: 'Instruction',
  upload: 'Upload',
  uploaded: 'Attachments stored',
  files: 'PDF files',
  filesPlaceholder: 'Choose PDFs',
  instructions: 'Instructions for the packer',
  hint: 'PDF only, at most 5 MB each.',
};
const NL: AttachmentLabels = { ...EN, none: 'Geen bijlagen gevonden', upload: 'Uploaden' };
const FILE = {
  id: 'b'.repeat(24),
  order_id: ORDER,
  filename: 'pakbon.pdf',
  size: 20_480,
  instruction: 'Pakbon bovenop in de doos',
  created_at: '2026-03-02T10:00:00.000Z',
};

/** Answers the attachment list with `items`, and records what else is asked. */
function stubApi(items: (typeof FILE)[], asked: string[] = []) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request | string) => {
      const req = input instanceof Request ? input : new Request(input);
      asked.push(`${req.method} ${new URL(req.url).pathname}`);
      return Response.json({ items, total: items.length, skip: 0, limit: 20 });
    }),
  );
}

describe('OrderAttachmentsPanel (spec 1 §2 attachments, §5, §8)', () => {
  beforeEach(() => stubPageRequest());
  afterEach(() => vi.unstubAllGlobals());

  it("says 'Geen bijlagen gevonden' for an order without attachments, and offers no upload without the grant", async () => {
    stubApi([]);
    renderUi(<OrderAttachmentsPanel orderId={ORDER} canUpload={false} labels={NL} />, { lang: 'nl' });
    expect(await screen.findByText('Geen bijlagen gevonden')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Uploaden' })).toBeNull();
  });

  it('links each PDF with its instruction', async () => {
    stubApi([FILE]);
    renderUi(<OrderAttachmentsPanel orderId={ORDER} canUpload={false} labels={EN} />);
    const link = await screen.findByRole('link', { name: 'pakbon.pdf' });
    expect(link.getAttribute('href')).toBe(`/api/order_attachments/${ORDER}/${FILE.id}`);
    expect(screen.getByText('Pakbon bovenop in de doos')).toBeTruthy();
    expect(screen.getByText('20 kB')).toBeTruthy();
  });

  it('writes sizes the Dutch way in a Dutch UI (QA sweep 2026-12-05: it showed "1.2 MB")', async () => {
    stubApi([{ ...FILE, size: 1_300_000 }]);
    renderUi(<OrderAttachmentsPanel orderId={ORDER} canUpload={false} labels={NL} />, { lang: 'nl' });
    expect(await screen.findByText('1,2 MB')).toBeTruthy();
  });

  it('keeps the English decimal point in an English UI', async () => {
    stubApi([{ ...FILE, size: 1_300_000 }]);
    renderUi(<OrderAttachmentsPanel orderId={ORDER} canUpload={false} labels={EN} />);
    expect(await screen.findByText('1.2 MB')).toBeTruthy();
  });

  it('refuses a file that is not a PDF and sends nothing without files and text together', async () => {
    const asked: string[] = [];
    stubApi([], asked);
    const { container } = renderUi(<OrderAttachmentsPanel orderId={ORDER} canUpload labels={EN} />);
    await screen.findByText('No attachments found');
    fireEvent.input(screen.getByLabelText('Instructions for the packer'), { target: { value: 'Graag zo' } });
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(screen.getByText('Add an attachment if you have instructions')).toBeTruthy());
    const input = container.querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['x'], 'photo.png', { type: 'image/png' })] } });
    expect(await screen.findByText('Only PDF files are allowed.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect(asked.filter((a) => a.startsWith('POST'))).toEqual([]);
  });
});
