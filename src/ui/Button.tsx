import type { ButtonHTMLAttributes } from 'react';
import { block, button, small } from './button.css.ts';

export type ButtonVariant = keyof typeof button;

interface Props extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: 'sm' | 'md';
  wide?: boolean;
}

export function Button({ variant = 'primary', size = 'md', wide = false, className, type = 'button', ...rest }: Props) {
  const classes = [button[variant], size === 'sm' ? small : '', wide ? block : '', className ?? ''].filter(Boolean).join(' ');
  return <button type={type} className={classes} {...rest} />;
}

/** The same look on a link (router links pass their own element). */
export function buttonClass(variant: ButtonVariant = 'primary', size: 'sm' | 'md' = 'md', wide = false): string {
  return [button[variant], size === 'sm' ? small : '', wide ? block : ''].filter(Boolean).join(' ');
}
