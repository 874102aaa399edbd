import { createTheme } from '@mantine/core';

/**
 * Large, high-contrast defaults for one-handed use with gloves on a 5-inch screen: every control at
 * least 48 px, body text 18 px, black on white.
 */
export const theme = createTheme({
  primaryColor: 'orange',
  primaryShade: 9,
  black: '#111',
  fontSizes: { xs: '14px', sm: '16px', md: '18px', lg: '20px', xl: '24px' },
  defaultRadius: 'md',
  components: {
    Button: { defaultProps: { size: 'lg' } },
    // A popup's ✕ at Mantine's xl (44 px) instead of its default 28 px: a target for a gloved thumb too.
    Modal: { defaultProps: { closeButtonProps: { size: 'xl' } } },
  },
});
