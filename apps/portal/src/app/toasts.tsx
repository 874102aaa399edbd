/**
 * Mantine's notifications container, in its own chunk: the providers (providers.tsx) mount it when the first toast is
 * shown, so its code (the container, its transitions, react-transition-group) is not in the first load (ADR 0071).
 */
export { Notifications } from '@mantine/notifications';
