/**
 * Texts shared by every floor screen (status bar, update prompt, log-out). The error banner's texts and the
 * form field problems come from @hoppa/web's BASE_TEXTS (a 400's coded refusals from its REASON_TEXTS, loaded a
 * moment later), shared with the portal.
 */
export const commonTexts = {
  nl: {
    appName: 'Hoppa Floor',
    online: 'Online',
    offline: 'Offline',
    // short enough for one line beside the network pill on a 360 px scanner (ADR 0137)
    outboxWaiting: '{{count}} te versturen',
    outboxEmpty: 'Alles verstuurd',
    outboxChecking: 'Wachtrij controleren…',
    outboxPaused: 'Versturen gepauzeerd: log opnieuw in',
    updateAvailable: 'Er is een nieuwe versie van de app.',
    updateNow: 'Bijwerken',
    updateWaitOutbox: 'Nieuwe versie: bijwerken kan na het versturen van de wijzigingen.',
    updateChecking: 'Nieuwe versie: wachtrij controleren…',
    logout: 'Uitloggen',
    logoutBlocked: 'Uitloggen kan zodra alle wijzigingen verstuurd zijn.',
    menu: 'Menu',
    // under a field whose typed value waits on the device until the worker confirms it (ADR 0136); not "verstuurd",
    // which the status bar's outbox line says of what was confirmed (ADR 0137)
    typedKept: 'Concept bewaard op dit toestel, nog niet bevestigd',
  },
  en: {
    appName: 'Hoppa Floor',
    online: 'Online',
    offline: 'Offline',
    outboxWaiting: '{{count}} to send',
    outboxEmpty: 'Everything sent',
    outboxChecking: 'Checking the queue…',
    outboxPaused: 'Sending paused: log in again',
    updateAvailable: 'A new version of the app is available.',
    updateNow: 'Update',
    updateWaitOutbox: 'New version: you can update once the changes have been sent.',
    updateChecking: 'New version: checking the queue…',
    logout: 'Log out',
    logoutBlocked: 'You can log out once every change has been sent.',
    menu: 'Menu',
    typedKept: 'Draft kept on this device, not confirmed yet',
  },
} as const;
