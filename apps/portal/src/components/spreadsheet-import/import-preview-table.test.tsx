import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../../test/render.tsx';
import { ImportPreviewTable } from './import-preview-table.tsx';

const ROWS = [2, 3, 4, 5].map((line) => ({ line, values: { order_id: `#${line}`, quantity: '1' } }));

describe('ImportPreviewTable', () => {
  it('names the table with a caption outside its scroll area (a <caption> was drawn over the scrollbar)', async () => {
    renderUi(<ImportPreviewTable fields={['order_id', 'quantity']} fieldLabel={(f) => f} rows={ROWS} />);
    const table = await screen.findByRole('table', { name: 'Data preview: 4 of 4 rows' });
    expect(table.querySelector('caption')).toBeNull();
    const caption = screen.getByText('Data preview: 4 of 4 rows');
    expect(caption.closest('.mantine-ScrollArea-root')).toBeNull();
  });
});
