import { type Inbound, type InboundProgress, inboundProgress } from '@hoppa/core';
import { Badge } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The colour of each state of an inbound (spec 2 §4 Inbound states): its badge's and its calendar event's. */
export const PROGRESS_COLOR = {
  expected: 'brand',
  partly_checked_in: 'orange',
  checked_in: 'teal',
} as const satisfies Record<InboundProgress, string>;

/**
 * The state an inbound or one of its items shows (ADR 0119 §4): the API's `progress` when it sends one, else the same
 * rule on `status` and the pieces checked in (core `inboundProgress`; an item, or a copy from before the field).
 */
export function progressOfInbound(
  i: Pick<Inbound, 'status' | 'pieces_checked_in'> & { progress?: InboundProgress },
): InboundProgress {
  return i.progress ?? inboundProgress(i);
}

/**
 * One badge for an inbound's state (spec 2 §4: expected, partly checked in, checked in; texts
 * `common:inboundProgress.*`), the same on the inbound list, its detail and the calendar. `testId` names it for tests.
 */
export function InboundProgressBadge({
  progress,
  testId,
}: {
  progress: InboundProgress;
  testId?: string;
}): ReactNode {
  const { t } = useTranslation('common');
  return (
    <Badge
      color={PROGRESS_COLOR[progress]}
      variant="light"
      tt="none"
      // A narrow table column must not cut the word off ('Expect…').
      styles={{ root: { minWidth: 'max-content' } }}
      data-testid={testId}
    >
      {t(`inboundProgress.${progress}`)}
    </Badge>
  );
}
