import { createGlobalTheme } from '@vanilla-extract/css';

// One dark terminal theme. Up is green and down is red everywhere (prices, buy/sell, P&L).
export const vars = createGlobalTheme(':root', {
  color: {
    bg: '#0b0e11',
    surface: '#12161c',
    raised: '#1a1f27',
    hover: '#222833',
    border: '#262c36',
    text: '#e6e8eb',
    muted: '#8c95a3',
    faint: '#5d6672',
    accent: '#3d8bfd',
    accentHover: '#5b9dfd',
    onAccent: '#ffffff',
    up: '#16c784',
    down: '#ea3943',
    warn: '#f0b90b',
    overlay: 'rgba(4, 6, 8, 0.72)',
  },
  space: {
    xs: '4px',
    sm: '8px',
    md: '12px',
    lg: '16px',
    xl: '24px',
    xxl: '40px',
  },
  radius: {
    sm: '3px',
    md: '6px',
    lg: '10px',
  },
  font: {
    body: 'system-ui, -apple-system, "Segoe UI", "Noto Sans", "Noto Sans CJK SC", "Noto Sans CJK TC", "Noto Sans CJK JP", "Noto Sans CJK KR", "Noto Sans Thai", sans-serif',
    mono: 'ui-monospace, "SFMono-Regular", Menlo, Consolas, "Noto Sans Mono", monospace',
  },
  fontSize: {
    xs: '11px',
    sm: '12px',
    md: '13px',
    lg: '15px',
    xl: '20px',
    xxl: '30px',
  },
  size: {
    header: '56px',
    content: '1280px',
    field: '36px',
  },
  z: {
    header: '10',
    menu: '20',
    modal: '30',
    notice: '40',
  },
});
