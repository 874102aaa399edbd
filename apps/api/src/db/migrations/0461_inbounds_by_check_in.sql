-- Inbound lists and calendars by their order and range (issue 8, ADR 0131): a merchant announces inbounds every day,
-- so a year is thousands. The checked-in list (newest first) sorted all of them for each page, and a calendar month
-- read every one to test its check-in day. This index gives the checked-in part in the list's order per organisation
-- and the check-in moments of a calendar range; the pending part keeps inbounds_org_idx (org_id, status,
-- expected_delivery).
CREATE INDEX inbounds_checked_in_idx ON inbounds (org_id, status, checked_in_at DESC, id);
