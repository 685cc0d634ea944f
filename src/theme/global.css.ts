import { globalStyle } from '@vanilla-extract/css';
import { vars } from './tokens.css.ts';

globalStyle('*, *::before, *::after', { boxSizing: 'border-box' });

globalStyle('html', {
  colorScheme: 'dark',
  background: vars.color.bg,
  // Keep the page from shifting sideways when a scrollbar appears on long pages.
  scrollbarGutter: 'stable',
});

globalStyle('body', {
  margin: 0,
  minHeight: '100vh',
  background: vars.color.bg,
  color: vars.color.text,
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.md,
  lineHeight: 1.5,
  // Long words, addresses and Thai/CJK runs wrap instead of overflowing their boxes.
  overflowWrap: 'break-word',
  WebkitFontSmoothing: 'antialiased',
});

globalStyle('a', { color: vars.color.accent, textDecoration: 'none' });
globalStyle('a:hover', { color: vars.color.accentHover });
globalStyle('h1, h2, h3, h4, p', { margin: 0 });
globalStyle('button, input, select, textarea', { font: 'inherit', color: 'inherit' });
globalStyle(':focus-visible', { outline: `2px solid ${vars.color.accent}`, outlineOffset: '1px' });
globalStyle('#root', { minHeight: '100vh', display: 'flex', flexDirection: 'column' });
