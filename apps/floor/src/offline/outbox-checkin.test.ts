import { describe, expect, it } from 'vitest';
import { hex, inbound, item } from '../features/checkin/checkin.test-fixtures.ts';
import { withDownloadedInbounds, withFetchedInbound, withInboundItem } from './outbox.ts';

const confirmed = {
  ...item(),
  status: 'checked_in' as const,
  pieces_checked_in: 24,
  inbound_status: 'checked_in' as const,
};

describe('the check-in list against answers that cross a download (issue 10, CI stop 46)', () => {
  it('keeps an answer stored after the download was sent, and the inbound status it carries', () => {
    const desk = withInboundItem({ at: 0, inbounds: [inbound()] }, confirmed, 1_000);
    const after = withDownloadedInbounds(desk, [inbound({ contact_person: 'Bert' })], new Set(), 900, 1_100);
    expect(after.inbounds[0]).toMatchObject({
      contact_person: 'Bert',
      status: 'checked_in',
      pieces_checked_in: 24,
    });
    expect(after.inbounds[0]?.items[0]?.status).toBe('checked_in');
    expect(after.answered).toEqual({ [hex(11)]: 1_000 });
  });

  it('takes the server’s item and forgets the answer when the download was sent after it', () => {
    const desk = withInboundItem({ at: 0, inbounds: [inbound()] }, confirmed, 1_000);
    const reopened = inbound({ items: [item({ pieces_checked_in: 6 })], pieces_checked_in: 6 });
    const after = withDownloadedInbounds(desk, [reopened], new Set(), 1_001, 1_100);
    expect(after.inbounds[0]).toMatchObject({ status: 'pending', pieces_checked_in: 6 });
    expect(after.answered).toEqual({});
  });

  it('keeps an inbound the server no longer lists only while this device has changes waiting for it', () => {
    const desk = {
      at: 0,
      inbounds: [inbound(), inbound({ id: hex(2), items: [item({ id: hex(21), inbound_id: hex(2) })] })],
    };
    const after = withDownloadedInbounds(desk, [], new Set([`inbound:${hex(2)}`]), 10, 20);
    expect(after.inbounds.map((ib) => ib.id)).toEqual([hex(2)]);
  });

  it('a scanned inbound fetched before an answer keeps the answer; the other inbounds stay as stored', () => {
    const other = inbound({ id: hex(2), items: [item({ id: hex(21), inbound_id: hex(2) })] });
    const desk = withInboundItem({ at: 5, inbounds: [inbound(), other] }, confirmed, 1_000);
    const late = withFetchedInbound(desk, inbound({ track_trace: 'NEW' }), 900, 1_100);
    expect(late.inbounds.map((ib) => ib.id)).toEqual([hex(2), hex(1)]);
    expect(late.inbounds[1]).toMatchObject({ track_trace: 'NEW', status: 'checked_in' });
    const fresh = withFetchedInbound(desk, inbound({ track_trace: 'NEW' }), 1_001, 1_100);
    expect(fresh.inbounds[1]).toMatchObject({ track_trace: 'NEW', status: 'pending' });
    expect(fresh.answered).toEqual({});
  });
});
