import { type ErrorBannerProps, ErrorBanner as SharedErrorBanner } from '@hoppa/web';

/**
 * The red banner of the error contract (spec 2 §8; @hoppa/web's, as the portal shows it) in the floor's form:
 * filled and in large type, read at arm's length on a handheld scanner. `lng: 'nl'` on the Dutch-only pick screen.
 */
export function ErrorBanner(props: Pick<ErrorBannerProps, 'error' | 'lng' | 'messages'>) {
  return <SharedErrorBanner {...props} variant="filled" fontSize={18} radius="sm" />;
}
