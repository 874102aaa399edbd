/** Texts of the login screen (spec 2 §2 Sign-up, login, reset; §5 Login). */
export const loginTexts = {
  nl: {
    title: 'Inloggen',
    subtitle: 'Log in om te picken.',
    email: 'E-mailadres',
    password: 'Wachtwoord',
    showPassword: 'Tekens tonen',
    submit: 'Inloggen',
    required: 'Dit veld is verplicht!',
    offline: 'Je bent offline. Inloggen kan zodra er weer verbinding is.',
  },
  en: {
    title: 'Log in',
    subtitle: 'Log in to start picking.',
    email: 'Email address',
    password: 'Password',
    showPassword: 'Show characters',
    submit: 'Log in',
    required: 'This field is required!',
    offline: 'You are offline. You can log in once the connection is back.',
  },
} as const;
