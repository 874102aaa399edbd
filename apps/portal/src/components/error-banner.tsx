/**
 * The error contract of every query and mutation (spec 1 §8, spec 2 §8, core `httpErrorDisplay`):
 *
 * - `<ErrorBanner error={e} />`: a red banner (role="alert") with the server's message for 400/406,
 *   'You are not authorized for this action' for 401 (nothing on the root path `/`), else
 *   'Something went wrong, please consult your logs'. Renders nothing for a null error.
 * - `<QueryState query={q}>{(data) => …}</QueryState>`: a loading indicator while the query is
 *   pending, the banner *instead of* the indicator when it fails, the children with the data otherwise.
 *   Use `loader={…}` to replace the default centred loader (e.g. a skeleton).
 * - `<MutationError mutation={m} />`: the banner for a failed mutation, to place above a form's buttons.
 *   Forms may pass `serverMessageFor={[401, 409]}` to show the server's own message for more statuses
 *   than 400/406 (a wrong password, an email already in use), and `messages` with translated texts for
 *   problem codes or statuses the screen knows (`{ invalid_credentials: t('…'), 409: t('…') }`), so a
 *   Dutch user reads the server's answer in Dutch.
 *
 * All texts are translated through the 'common' namespace. Must be rendered inside the router (the
 * 401 rule depends on the current path).
 */
import { type ProblemMessages, ErrorBanner as SharedErrorBanner } from '@hoppa/web';
import { Center, Loader } from '@mantine/core';
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from './icons.tsx';

/**
 * The red error banner for a failed call (@hoppa/web's, with the portal's alert icon); nothing when `error` is null
 * or the contract hides it. `serverMessageFor`: further statuses whose server message is shown as is.
 */
export function ErrorBanner(props: {
  error: unknown;
  title?: string;
  serverMessageFor?: readonly number[];
  messages?: ProblemMessages;
}): ReactNode {
  return <SharedErrorBanner {...props} icon={<Icon name="alert" />} />;
}

/** A centred loading indicator with an accessible name. */
export function PageLoader(): ReactNode {
  const { t } = useTranslation('common');
  return (
    <Center py="xl" role="status" aria-live="polite">
      <Loader aria-label={t('loading')} />
    </Center>
  );
}

/** Loading → banner or children, per the error contract (see the file comment). */
export function QueryState<T>({
  query,
  children,
  loader,
}: {
  query: Pick<UseQueryResult<T>, 'isPending' | 'isError' | 'error' | 'data'>;
  children: (data: T) => ReactNode;
  loader?: ReactNode;
}): ReactNode {
  if (query.isError) return <ErrorBanner error={query.error} />;
  if (query.isPending || query.data === undefined) return loader ?? <PageLoader />;
  return children(query.data);
}

/** The banner of a failed mutation; nothing while it has not failed. */
export function MutationError({
  mutation,
  serverMessageFor,
  messages,
}: {
  mutation: Pick<UseMutationResult<unknown, unknown, never, unknown>, 'error'>;
  serverMessageFor?: readonly number[];
  messages?: ProblemMessages;
}): ReactNode {
  return <ErrorBanner error={mutation.error} serverMessageFor={serverMessageFor} messages={messages} />;
}
