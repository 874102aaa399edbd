import { Alert, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useProviderOrg } from '../../app/session.ts';
import { Icon } from '../../components/icons.tsx';
import { PageHeader } from '../../components/page-header.tsx';

/** The line saying why the warehouse's own organisation gets no add, import or sync: choose a shop. */
export function ProviderOrgNotice({ org }: { org: { name: string } }): ReactNode {
  const { t } = useTranslation('productTable');
  return (
    <Alert color="blue" variant="light" icon={<Icon name="shops" />} data-testid="provider-org">
      {t('providerActions', { org: org.name })}
    </Alert>
  );
}

/**
 * A screen that writes products to the current organisation (new product, import): for the warehouse's own
 * organisation its title and the notice instead of its form (reached by its address or a bookmark), else `children`.
 */
export function ForShopOnly({ title, children }: { title: string; children: ReactNode }): ReactNode {
  const provider = useProviderOrg();
  if (!provider) return children;
  return (
    <Stack gap="md">
      <PageHeader title={title} />
      <ProviderOrgNotice org={provider} />
    </Stack>
  );
}
