import { distinctEventCodes, type EventCode, iconEventCode, isKnownEventCode } from '@hoppa/core';
import { Group, ThemeIcon, Tooltip } from '@mantine/core';
import { Icon, type IconName } from '../icons.tsx';

/** The icon and colour of each carrier event code with its own icon (spec 1 §2 Order detail); others get `dot`. */
export const EVENT_ICONS: Record<EventCode, { icon: IconName; color: string }> = {
  A01: { icon: 'tag', color: 'gray' },
  B01: { icon: 'handover', color: 'blue' },
  J01: { icon: 'sort', color: 'indigo' },
  J05: { icon: 'truck', color: 'orange' },
  I11: { icon: 'delivered', color: 'green' },
};

/**
 * The icon of an event code: its own for A01, B01, J01, J05, I11 (PostNL's delivered 01B as I11, core
 * `iconEventCode`), the default dot for any other.
 */
export function eventIcon(code: string): { icon: IconName; color: string } {
  const shown = iconEventCode(code);
  return isKnownEventCode(shown) ? EVENT_ICONS[shown] : { icon: 'dot', color: 'gray' };
}

/**
 * A row of status icons, one per distinct event code of a parcel in the order first seen (spec 1 §2 Order detail),
 * each with the event's description as tooltip and accessible name.
 */
export function CarrierStatusIcons({
  events,
  size = 30,
}: {
  events: readonly { code: string; description: string }[];
  size?: number;
}) {
  const codes = distinctEventCodes(events);
  return (
    <Group gap={6} aria-label="status" role="list">
      {codes.map((code) => {
        const { icon, color } = eventIcon(code);
        const description = events.find((e) => e.code === code)?.description ?? code;
        return (
          <Tooltip key={code} label={`${code} · ${description}`}>
            <ThemeIcon
              role="listitem"
              aria-label={`${code}: ${description}`}
              data-code={code}
              size={size}
              radius="xl"
              variant="light"
              color={color}
            >
              <Icon name={icon} size={Math.round(size * 0.6)} />
            </ThemeIcon>
          </Tooltip>
        );
      })}
    </Group>
  );
}
