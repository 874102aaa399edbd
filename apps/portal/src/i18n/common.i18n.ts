/**
 * Texts shared by every screen (namespace 'common'): the error contract (spec 1 §8, spec 2 §8, with
 * the source's typos fixed as in core HTTP_ERROR_TEXT), the generic validation messages (spec 1 §5),
 * and common actions. Features use them as `t('common:validation.required')`.
 */
export const commonI18n = {
  en: {
    appName: 'Hoppa',
    loading: 'Loading…',
    togglePassword: 'Show or hide the characters',
    errors: {
      generic: 'Something went wrong, please consult your logs',
      unauthorized: 'You are not authorized for this action',
    },
    validation: {
      required: 'This field is required!',
      format: 'Invalid format!',
      email: 'Invalid email address!',
      minLength_one: 'Minimum {{count}} character',
      minLength_other: 'Minimum {{count}} characters',
      phone: 'Please enter a valid phone number',
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
    loading: 'Laden…',
    togglePassword: 'Tekens tonen of verbergen',
    errors: {
      generic: 'Er is iets misgegaan, raadpleeg je logs',
      unauthorized: 'Je bent niet bevoegd voor deze actie',
    },
    validation: {
      required: 'Dit veld is verplicht!',
      format: 'Ongeldig formaat!',
      email: 'Ongeldig e-mailadres!',
      minLength_one: 'Minimaal {{count}} teken',
      minLength_other: 'Minimaal {{count}} tekens',
      phone: 'Vul een geldig telefoonnummer in',
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
