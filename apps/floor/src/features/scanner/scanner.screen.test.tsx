// @vitest-environment jsdom
import '../../test/dom-setup.ts';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { floorDb, setMeta } from '../../offline/db.ts';
import { browser } from '../../test/dom-setup.ts';
import { clearFloorDb, currentUser, renderFloor } from '../../test/render.tsx';

/** Keys as a wedge scanner types them: one keydown each on the page. */
function type(keys: string[]) {
  for (const key of keys) fireEvent.keyDown(window, { key });
}

describe('scanner set-up page (issue 11 item 5)', () => {
  beforeEach(async () => {
    browser.reset();
    browser.online = false;
    await clearFloorDb();
    await setMeta(floorDb(), 'session', currentUser('picker'));
  });
  afterEach(cleanup);

  it('shows each scan as the pick screen reads it, and what to change on the scanner', async () => {
    renderFloor('/scanner', { lang: 'nl' });
    await screen.findByTestId('scanner-waiting');
    type([...'8712100486517', 'Enter']);
    await waitFor(() => expect(screen.getAllByTestId('scanner-report')).toHaveLength(1));
    expect(screen.getByTestId('scanner-text').textContent).toBe('8712100486517 (13 tekens)');
    expect(screen.getByTestId('scanner-kind').textContent).toBe('EAN (product)');
    expect(screen.getByTestId('scanner-ok').textContent).toContain('Goed ingesteld');
    expect(browser.vibrate).toHaveBeenLastCalledWith(80);

    type([...'abcdef0123456789abcdef01', 'Tab']);
    await waitFor(() => expect(screen.getAllByTestId('scanner-report')).toHaveLength(2));
    const [newest] = screen.getAllByTestId('scanner-report');
    expect(newest?.textContent).toContain('Locatielabel');
    expect(newest?.textContent).toContain('Stel de scanner in op Enter (CR) als afsluiter (suffix).');
    expect(browser.vibrate).toHaveBeenLastCalledWith([200, 100, 200]);

    fireEvent.click(screen.getByRole('button', { name: 'Wissen' }));
    expect(screen.queryAllByTestId('scanner-report')).toHaveLength(0);
  });
});
