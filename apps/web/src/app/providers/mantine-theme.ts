import {
  Anchor,
  alpha,
  Badge,
  type CSSVariablesResolver,
  createTheme,
  Input,
  type MantineColorsTuple,
  Paper,
} from '@mantine/core';
import styles from './mantine-theme.module.css';

// The same palette as the plain CSS tokens in styles/global.css (deep indigo and teal).
const brand: MantineColorsTuple = [
  '#eef2ff',
  '#e0e7ff',
  '#c7d2fe',
  '#a5b4fc',
  '#818cf8',
  '#6366f1',
  '#4f46e5',
  '#4338ca',
  '#3730a3',
  '#312e81',
];
const teal: MantineColorsTuple = [
  '#f0fdfa',
  '#ccfbf1',
  '#99f6e4',
  '#5eead4',
  '#2dd4bf',
  '#14b8a6',
  '#0d9488',
  '#0f766e',
  '#115e59',
  '#134e4a',
];
// Slate greys: the "dimmed" shade (6) and placeholders (5) keep AA contrast on white.
const gray: MantineColorsTuple = [
  '#f8fafc',
  '#f1f5f9',
  '#e2e8f0',
  '#cbd5e1',
  '#94a3b8',
  '#64748b',
  '#475569',
  '#334155',
  '#1e293b',
  '#0f172a',
];
// Darker reds so error messages under fields keep AA contrast.
const red: MantineColorsTuple = [
  '#fef2f2',
  '#fee2e2',
  '#fecaca',
  '#fca5a5',
  '#f87171',
  '#ef4444',
  '#dc2626',
  '#b91c1c',
  '#991b1b',
  '#7f1d1d',
];

// Ambers: a yellow badge's label (shade 9) keeps AA contrast on its pale background.
const yellow: MantineColorsTuple = [
  '#fffbeb',
  '#fef3c7',
  '#fde68a',
  '#fcd34d',
  '#fbbf24',
  '#f59e0b',
  '#d97706',
  '#b45309',
  '#92400e',
  '#78350f',
];

// An outline badge's label is shade 7 on white (light scheme) and shade 3 on the dark body: these
// oranges and blues keep AA contrast in both.
const orange: MantineColorsTuple = [
  '#fff7ed',
  '#ffedd5',
  '#fed7aa',
  '#fdba74',
  '#fb923c',
  '#f97316',
  '#ea580c',
  '#c2410c',
  '#9a3412',
  '#7c2d12',
];
const blue: MantineColorsTuple = [
  '#eff6ff',
  '#dbeafe',
  '#bfdbfe',
  '#93c5fd',
  '#60a5fa',
  '#3b82f6',
  '#2563eb',
  '#1d4ed8',
  '#1e40af',
  '#1e3a8a',
];

// Greens: a completed badge's label keeps AA contrast on its pale background.
const green: MantineColorsTuple = [
  '#f0fdf4',
  '#dcfce7',
  '#bbf7d0',
  '#86efac',
  '#4ade80',
  '#22c55e',
  '#16a34a',
  '#15803d',
  '#166534',
  '#14532d',
];

// Limes: a delivered badge's label (shade 9) keeps AA contrast on its pale background (shade 1);
// Mantine's own lime is 3.3:1 there.
const lime: MantineColorsTuple = [
  '#f7fee7',
  '#ecfccb',
  '#d9f99d',
  '#bef264',
  '#a3e635',
  '#84cc16',
  '#65a30d',
  '#4d7c0f',
  '#3f6212',
  '#365314',
];

// The dark scheme (decision 102): slate, the page background the public pages' dark one (#0b1120);
// text (0), dimmed (2) and placeholders (3) keep AA contrast on the body (7) and inputs (6).
const dark: MantineColorsTuple = [
  '#e2e8f0',
  '#cbd5e1',
  '#a3b1c6',
  '#8b9ab0',
  '#334155',
  '#273449',
  '#1e293b',
  '#0b1120',
  '#080d19',
  '#050811',
];

export const mantineTheme = createTheme({
  colors: { brand, teal, gray, red, yellow, orange, green, lime, blue, dark },
  primaryColor: 'brand',
  primaryShade: 7,
  black: '#0f172a',
  fontFamily: "Inter, ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  headings: {
    fontFamily:
      "Inter, ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
    fontWeight: '800',
  },
  lineHeights: { xs: '1.4', sm: '1.45', md: '1.6', lg: '1.6', xl: '1.65' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  components: {
    // A link in running text differs from its text by more than colour (WCAG 1.4.1): underlined.
    Anchor: Anchor.extend({ defaultProps: { underline: 'always' } }),
    Badge: Badge.extend({ classNames: { root: styles.badgeRoot, label: styles.badgeLabel } }),
    // Every input (text, number, select, textarea, date) shows the site's focus ring (decision 191).
    Input: Input.extend({ classNames: { input: styles.inputFocus } }),
    // So does a card or panel given focus (an accepted job), which Mantine draws without an outline.
    Paper: Paper.extend({ classNames: { root: styles.paperFocus } }),
  },
});

/**
 * The dark scheme's light variant (buttons such as View invoice and Export CSV, badges): Mantine
 * darkens the colour's darkest shade to a block barely apart from the dark surfaces; here it is a
 * tint of a middle shade, with a pale label, so it reads as the light scheme's pale button does.
 */
export const cssVariablesResolver: CSSVariablesResolver = (theme) => ({
  variables: {},
  light: {},
  dark: Object.fromEntries(
    Object.entries(theme.colors).flatMap(([name, shades]) => [
      [`--mantine-color-${name}-light`, alpha(shades[4], 0.16)],
      [`--mantine-color-${name}-light-hover`, alpha(shades[4], 0.26)],
      [`--mantine-color-${name}-light-color`, shades[2]],
    ]),
  ),
});
