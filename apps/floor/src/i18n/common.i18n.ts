import { authFieldText, HTTP_ERROR_TEXT } from '@hoppa/core';

/** Texts shared by every floor screen (status bar, error banner, update prompt). */
export const commonTexts = {
  nl: {
    appName: 'Hoppa Floor',
    online: 'Online',
    offline: 'Offline',
    outboxWaiting_one: '{{count}} scan wacht op verzending',
    outboxWaiting_other: '{{count}} scans wachten op verzending',
    outboxEmpty: 'Alles verstuurd',
    outboxPaused: 'Versturen gepauzeerd: log opnieuw in',
    errorUnauthorized: 'Je bent niet bevoegd voor deze actie',
    errorGeneric: 'Er is iets misgegaan, raadpleeg je logs',
    updateAvailable: 'Er is een nieuwe versie van de app.',
    updateNow: 'Bijwerken',
    updateWaitOutbox: 'Nieuwe versie: bijwerken kan na het versturen van de scans.',
    loading: 'Laden…',
    logout: 'Uitloggen',
    logoutBlocked: 'Uitloggen kan zodra alle scans verstuurd zijn.',
    menu: 'Menu',
    // field problems of the account forms, by AuthFieldCode of core's auth.rules.ts (spec 2 §5)
    validation: {
      required: 'Dit veld is verplicht!',
      email: 'Ongeldig e-mailadres!',
      phone: 'Vul een geldig telefoonnummer in',
      min_length: 'Minimaal {{limit}} tekens',
      too_long: 'Maximaal {{limit}} tekens',
      format: 'Ongeldig formaat!',
    },
  },
  en: {
    appName: 'Hoppa Floor',
    online: 'Online',
    offline: 'Offline',
    outboxWaiting_one: '{{count}} scan waiting to send',
    outboxWaiting_other: '{{count}} scans waiting to send',
    outboxEmpty: 'Everything sent',
    outboxPaused: 'Sending paused: log in again',
    errorUnauthorized: HTTP_ERROR_TEXT.unauthorized,
    errorGeneric: HTTP_ERROR_TEXT.generic,
    updateAvailable: 'A new version of the app is available.',
    updateNow: 'Update',
    updateWaitOutbox: 'New version: you can update once the scans have been sent.',
    loading: 'Loading…',
    logout: 'Log out',
    logoutBlocked: 'You can log out once every scan has been sent.',
    menu: 'Menu',
    // the spec's English texts come from core; only the bounds are filled in here
    validation: {
      required: authFieldText('required'),
      email: authFieldText('email'),
      phone: authFieldText('phone'),
      min_length: 'Minimum {{limit}} characters',
      too_long: 'Maximum {{limit}} characters',
      format: authFieldText('format'),
    },
  },
} as const;
