import { ApiError, type BolOffer, canCall } from '@hoppa/core';
import { Alert, Anchor, Button, Group, Paper, SegmentedControl, Stack, Switch, Text } from '@mantine/core';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import { PATHS, pathTo } from '../../app/paths.ts';
import { roleInForce, useSession } from '../../app/session.ts';
import { type DataColumn, DataTable } from '../../components/data-table/data-table.tsx';
import { ErrorBanner, MutationError, PageLoader } from '../../components/error-banner.tsx';
import { Icon } from '../../components/icons.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { useUrlState } from '../../lib/url-state.ts';
import { BOL_PRODUCTS_PAGE_SIZE, useBolProducts, useSetBolConfirm } from './api/bol-products.ts';

const UrlState = z.object({ page: z.coerce.number().int().min(1).default(1) });

/**
 * /settings/apis/bol/{api_name} (spec 3 §7 `GET /bol/products/get/{api_name}`, `PUT /product/bol_confirm`; issue 14):
 * the offers of the organisation's active bol.com (or bol.com België) connection from bol's offer export, server-paged,
 * each with the product of the same EAN it is linked to and that product's bol_confirm switch. Without an active
 * connection it says so and links to the connections; bol's own refusal is shown with its reason.
 */
export function BolProductsPage(): ReactNode {
  const { t } = useTranslation('apiConnections');
  const params = useParams();
  const apiName = params.api_name === 'bol_be' ? 'bol_be' : 'bol';
  const navigate = useNavigate();
  const [state, update] = useUrlState(UrlState);
  const { user, orgAuth } = useSession();
  const mayConfirm = canCall(roleInForce(user, orgAuth), { method: 'PUT', path: '/product/bol_confirm' });
  const list = useBolProducts(apiName, state.page);
  const confirm = useSetBolConfirm();
  const noConnection = list.error instanceof ApiError && list.error.status === 404;

  const columns = useMemo<DataColumn<BolOffer>[]>(
    () => [
      { id: 'ean', header: 'EAN', hideable: false, cell: (o) => <Text size="sm">{o.ean}</Text> },
      {
        id: 'product',
        header: t('bolProducts.product'),
        cell: (o) =>
          o.product_id ? (
            <Anchor component={Link} to={pathTo('product', { id: o.product_id })} size="sm">
              {o.product_name}
            </Anchor>
          ) : (
            <Text size="sm" c="orange.9">
              {t('bolProducts.notLinked')}
            </Text>
          ),
      },
      { id: 'reference', header: t('bolProducts.reference'), cell: (o) => o.reference || '—' },
      { id: 'stock', header: t('bolProducts.stock'), cell: (o) => o.stock },
      { id: 'fulfilment', header: t('bolProducts.fulfilment'), cell: (o) => o.fulfilment || '—' },
      { id: 'offer', header: t('bolProducts.offer'), cell: (o) => <Text size="xs">{o.offer_id}</Text> },
      {
        id: 'bol_confirm',
        header: t('bolProducts.confirm'),
        cell: (o) => (
          <Switch
            checked={o.bol_confirm ?? false}
            disabled={!o.product_id || !mayConfirm || confirm.isPending}
            aria-label={t('bolProducts.toggleConfirm', { ean: o.ean })}
            onChange={(e) =>
              o.product_id &&
              confirm.mutate({ product_id: o.product_id, bol_confirm: e.currentTarget.checked })
            }
          />
        ),
      },
    ],
    [t, mayConfirm, confirm],
  );

  return (
    <Stack gap="md">
      <PageHeader
        title={t('bolProducts.title')}
        description={t('bolProducts.intro')}
        actions={
          <Group gap="sm">
            <SegmentedControl
              value={apiName}
              onChange={(v) => navigate(pathTo('settingsBolProducts', { api_name: v }))}
              data={[
                { value: 'bol', label: t('platforms.bol') },
                { value: 'bol_be', label: t('platforms.bol_be') },
              ]}
              aria-label={t('list.platform')}
            />
            <Button component={Link} to={PATHS.settingsApis} variant="subtle">
              {t('bolProducts.back')}
            </Button>
          </Group>
        }
      />
      <MutationError mutation={confirm} />
      {noConnection ? (
        <Alert
          color="brand"
          variant="light"
          icon={<Icon name="plug" />}
          title={t('bolProducts.noConnectionTitle')}
        >
          <Stack gap="xs">
            <Text size="sm">{t('bolProducts.noConnection', { platform: t(`platforms.${apiName}`) })}</Text>
            <Anchor component={Link} to={PATHS.settingsApis} size="sm">
              {t('bolProducts.toConnections')}
            </Anchor>
          </Stack>
        </Alert>
      ) : list.isError ? (
        // bol's refusal (502 outside_service) says what went wrong, e.g. a revoked client id: show it as it is.
        <ErrorBanner error={list.error} serverMessageFor={[502]} />
      ) : !list.data ? (
        <PageLoader />
      ) : list.data.total === 0 ? (
        <Alert color="gray" variant="light" title={t('bolProducts.emptyTitle')}>
          {t('bolProducts.empty')}
        </Alert>
      ) : (
        <Paper withBorder radius="md" p="sm">
          <DataTable
            id="bol-products"
            label={t('bolProducts.title')}
            columns={columns}
            rows={list.data.items}
            rowKey={(o) => o.offer_id}
            total={list.data.total}
            page={state.page}
            pageSize={BOL_PRODUCTS_PAGE_SIZE}
            onPageChange={(p) => update({ page: p })}
          />
        </Paper>
      )}
    </Stack>
  );
}
