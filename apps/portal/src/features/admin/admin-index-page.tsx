import { Card, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type EndpointRef, mayUse } from '../../app/area.ts';
import { type AppPath, PATHS } from '../../app/paths.ts';
import { roleInForce, useSession } from '../../app/session.ts';
import { PageHeader } from '../../components/page-header.tsx';

/** The admin screens with the call each needs (spec 3 §2 Admin area, §6: search order only for is_admin). */
const LINKS: { key: string; to: AppPath; needs: EndpointRef | 'admin' }[] = [
  {
    key: 'shipmentMethods',
    to: PATHS.adminShipmentMethod,
    needs: { method: 'GET', path: '/shipment_methods/list' },
  },
  {
    key: 'shipmentBoxes',
    to: PATHS.adminShipmentBox,
    needs: { method: 'GET', path: '/shipment_boxes/list' },
  },
  { key: 'surcharges', to: PATHS.adminSurcharge, needs: { method: 'GET', path: '/surcharges/list' } },
  { key: 'searchOrder', to: PATHS.adminSearchOrder, needs: 'admin' },
  { key: 'users', to: PATHS.adminUsers, needs: { method: 'GET', path: '/roles' } },
  { key: 'locations', to: PATHS.adminLocations, needs: { method: 'GET', path: '/locations/null' } },
  { key: 'transfers', to: PATHS.adminTransfers, needs: { method: 'GET', path: '/transfers/open/all' } },
  { key: 'labels', to: PATHS.adminLabels, needs: { method: 'POST', path: '/labels/' } },
];

/**
 * /admin (spec 3 §2 Admin area: locations, shipment boxes, search order, shipment methods, surcharges, users and
 * groups, scan labels, all open transfers): a card per admin screen the user may open. The spec's "scan labels" is
 * the label print run (/admin/labels): its card is named as the menu names it, "Print labels" (ADR 0136).
 */
export function AdminIndexPage(): ReactNode {
  const { t } = useTranslation('admin');
  const { user, orgAuth } = useSession();
  const role = roleInForce(user, orgAuth);
  const isAdmin = orgAuth?.is_admin ?? user?.is_admin ?? false;
  const links = LINKS.filter((l) => mayUse(l.needs, role, isAdmin));
  return (
    <Stack gap="md">
      <PageHeader title={t('index.title')} description={t('index.description')} />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
        {links.map((l) => (
          <Card key={l.key} component={Link} to={l.to} withBorder radius="md" padding="lg">
            <Text fw={700}>{t(`index.links.${l.key}.title`)}</Text>
            <Text size="sm" c="dimmed">
              {t(`index.links.${l.key}.text`)}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
