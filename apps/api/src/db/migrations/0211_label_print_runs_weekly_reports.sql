-- Label print runs and the weekly report (issue 13 items 4 and 6; spec 2 §2 Label printing, §7 `GET
-- /orders/weekly_report`; docs/decisions/0042-dashboard-reports-and-print-runs.md).

-- An order is 'shipped' once its label exists (ship-order.service.ts); the print run records when the label was
-- printed at the station and so handed over (the first print counts; a reprint keeps it).
ALTER TABLE shipments ADD COLUMN label_printed_at timestamptz;
ALTER TABLE shipments ADD COLUMN label_printed_by char(24) REFERENCES users(id);

-- One row per organisation and ISO week whose weekly report went out: the scheduler of every API process inserts
-- it before sending (INSERT … ON CONFLICT DO NOTHING), so only the process whose insert took the row sends.
CREATE TABLE weekly_report_sends (
  org_id char(24) NOT NULL REFERENCES organisations(id),
  week_start date NOT NULL,
  sent_to text NOT NULL,
  sent_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (org_id, week_start)
);
