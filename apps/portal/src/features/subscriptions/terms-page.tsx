import { formatDateTime, termsContinueDisabled } from '@hoppa/core';
import { Alert, Anchor, Button, Checkbox, Group, Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PATHS } from '../../app/paths.ts';
import { ErrorBanner, MutationError, PageLoader } from '../../components/error-banner.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { useAcceptAndSubscribe, useCurrentSubscription, usePlans } from './api/billing.ts';
import { countsFromParam } from './subscriptions.rules.ts';
import { useTermsPdfInUiLanguage } from './terms-pdf.ts';

/**
 * /subscriptions/terms (spec 3 §2: the terms PDF, in the UI language, shown in a frame with links to open it in a tab
 * and to download it for a browser that shows no PDF inline, and an accept checkbox; §4 the continue rule:
 * continue stays disabled until the checkbox is ticked, core `termsContinueDisabled`): Continue records the acceptance
 * (`GET /accept_terms`) and saves the counts chosen on the pricing page (`POST` or `PUT /subscriptions`), then opens
 * the subscription page. Terms the shop accepted already show as a ticked, disabled box with who and when (accepting
 * again keeps that first acceptance).
 */
export function TermsPage(): ReactNode {
  const { t } = useTranslation('subscriptions');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const counts = countsFromParam(params.get('plans'));
  const pdf = useTermsPdfInUiLanguage();
  const current = useCurrentSubscription();
  const plans = usePlans();
  const save = useAcceptAndSubscribe();
  const [accepted, setAccepted] = useState(false);
  if (current.isError) return <ErrorBanner error={current.error} />;
  if (!current.data) return <PageLoader />;
  const done = current.data.terms_accepted;
  const list = counts
    .map((c) => `${c.count} × ${plans.data?.find((p) => p.id === c.id)?.name ?? '…'}`)
    .join(', ');

  return (
    <Stack gap="md" maw={960}>
      <PageHeader
        title={t('terms.title')}
        description={t('terms.intro', { version: current.data.terms_version })}
      />
      <Paper withBorder radius="md" p={0} h="60vh" style={{ overflow: 'hidden' }}>
        {pdf.isError ? (
          <ErrorBanner error={pdf.error} />
        ) : pdf.data ? (
          <iframe
            title={t('terms.pdf')}
            src={pdf.data}
            style={{ width: '100%', height: '100%', border: 0 }}
          />
        ) : (
          <PageLoader />
        )}
      </Paper>
      {pdf.data && (
        // A browser without an inline PDF viewer (headless Chromium, some phones) shows the frame as a grey box:
        // the same file, opened in a tab of its own or saved, is the way to read it there (session 41).
        <Group gap="md">
          <Text size="sm" c="dimmed">
            {t('terms.noViewer')}
          </Text>
          <Anchor size="sm" href={pdf.data} target="_blank" rel="noopener">
            {t('terms.open')}
          </Anchor>
          <Anchor
            size="sm"
            href={pdf.data}
            download={t('terms.file', { version: current.data.terms_version })}
          >
            {t('terms.download')}
          </Anchor>
        </Group>
      )}
      {counts.length > 0 && <Text size="sm">{t('terms.summary', { list })}</Text>}
      {/* Terms the shop accepted already: the box ticked and fixed, with who accepted them and when beneath it. */}
      <Checkbox
        label={t('terms.accept')}
        description={
          done
            ? t('terms.accepted', { name: done.accepted_by, date: formatDateTime(done.accepted_at) })
            : undefined
        }
        checked={done !== null || accepted}
        disabled={done !== null}
        onChange={(e) => setAccepted(e.currentTarget.checked)}
      />
      <MutationError mutation={save} serverMessageFor={[409]} />
      {save.isSuccess && <Alert color="green">{t('terms.acceptedOnly')}</Alert>}
      <Group justify="space-between">
        <Button variant="default" onClick={() => navigate(PATHS.subscriptionsAdd)}>
          {t('terms.back')}
        </Button>
        <Button
          disabled={termsContinueDisabled(done !== null || accepted, save.isPending)}
          loading={save.isPending}
          onClick={() =>
            save.mutate(
              {
                body: counts.length ? { subscription: counts } : null,
                exists: current.data?.subscription !== null,
              },
              {
                onSuccess: (sub) => {
                  notifications.show({
                    color: 'green',
                    message: sub ? t('terms.saved') : t('terms.acceptedOnly'),
                  });
                  navigate(sub ? PATHS.settingsSubscription : PATHS.subscriptionsAdd);
                },
              },
            )
          }
        >
          {t('terms.continue')}
        </Button>
      </Group>
    </Stack>
  );
}
