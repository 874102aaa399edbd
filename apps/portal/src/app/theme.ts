/**
 * The portal's Mantine theme: Mantine defaults with one calm petrol-blue brand colour (shade 7,
 * #1c7ba1, white text on it passes WCAG AA), medium radii and the system font stack.
 */
import { createTheme, type MantineColorsTuple } from '@mantine/core';

const brand: MantineColorsTuple = [
  '#e9f5f9',
  '#d6e9f0',
  '#a9d2e1',
  '#79b9d1',
  '#52a4c4',
  '#3997bc',
  '#2a8fb8',
  '#1c7ba1',
  '#0f6d90',
  '#005e7f',
];

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: 7,
  colors: { brand },
  defaultRadius: 'md',
  cursorType: 'pointer',
  fontFamily:
    'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '650' },
});
