/**
 * Texts shared by every portal screen (namespace 'common'): common actions and the status pages. The error
 * contract's texts and the field problems (`t('common:validation.required')`) come from @hoppa/web's BASE_TEXTS
 * (a 400's coded refusals from its REASON_TEXTS, loaded a moment later), shared with the floor app.
 */
export const commonI18n = {
  en: {
    appName: 'Hoppa',
    togglePassword: 'Show or hide the characters',
    table: {
      columns: 'Columns',
      range: '{{first, number}}–{{last, number}} of {{total, number}}',
      rangeCapped: '{{first, number}}–{{last, number}} of {{total, number}}+',
      pages: 'Pages',
      previous: 'Previous page',
      next: 'Next page',
      prev: 'Previous',
      nextShort: 'Next',
      pageOf: 'Page {{page}} of {{pages}}',
      resize: 'Width of column {{column}} (drag, or arrow keys)',
      resetWidths: 'Reset column widths',
    },
    /** An inbound's state (spec 2 §4; components/inbound-progress-badge.tsx). */
    inboundProgress: {
      expected: 'Expected',
      partly_checked_in: 'Partly checked in',
      checked_in: 'Checked in',
    },
    actions: {
      back: 'Back',
      retry: 'Try again',
      toHome: 'Go to the dashboard',
    },
    notFound: {
      title: 'Page not found',
      body: 'There is no page at this address. Check the link or go back to the dashboard.',
    },
    notAllowed: {
      title: 'Not allowed',
      body: 'Your role in this shop may not use this page. Ask the shop owner or your fulfilment provider if you need it.',
    },
    planned: {
      title: 'Not available yet',
      body: 'This part of Hoppa ({{path}}) is planned for a later release and cannot be used yet.',
    },
    crash: {
      title: 'This page could not be shown',
      body: 'Something went wrong, please consult your logs',
      reload: 'Reload the page',
    },
  },
  nl: {
    appName: 'Hoppa',
    togglePassword: 'Tekens tonen of verbergen',
    table: {
      columns: 'Kolommen',
      range: '{{first, number}}–{{last, number}} van {{total, number}}',
      rangeCapped: '{{first, number}}–{{last, number}} van {{total, number}}+',
      pages: "Pagina's",
      previous: 'Vorige pagina',
      next: 'Volgende pagina',
      prev: 'Vorige',
      nextShort: 'Volgende',
      pageOf: 'Pagina {{page}} van {{pages}}',
      resize: 'Breedte van kolom {{column}} (slepen, of pijltjestoetsen)',
      resetWidths: 'Standaard kolombreedtes',
    },
    inboundProgress: {
      expected: 'Verwacht',
      partly_checked_in: 'Deels ingecheckt',
      checked_in: 'Ingecheckt',
    },
    actions: {
      back: 'Terug',
      retry: 'Opnieuw proberen',
      toHome: 'Naar het dashboard',
    },
    notFound: {
      title: 'Pagina niet gevonden',
      body: 'Op dit adres staat geen pagina. Controleer de link of ga terug naar het dashboard.',
    },
    notAllowed: {
      title: 'Geen toegang',
      body: 'Met je rol in deze winkel mag je deze pagina niet gebruiken. Vraag de winkeleigenaar of je fulfilmentpartner als je hem nodig hebt.',
    },
    planned: {
      title: 'Nog niet beschikbaar',
      body: 'Dit onderdeel van Hoppa ({{path}}) komt in een latere versie en kan nog niet gebruikt worden.',
    },
    crash: {
      title: 'Deze pagina kan niet getoond worden',
      body: 'Er is iets misgegaan, raadpleeg je logs',
      reload: 'Pagina opnieuw laden',
    },
  },
};
