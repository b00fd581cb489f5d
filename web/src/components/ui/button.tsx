import type { ButtonHTMLAttributes } from 'react';

type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger' | 'confirm';

/**
 * The app's button (`btn btn--<variant>`, `btn--sm`/`btn--lg`, `btn--block`), a plain `type="button"` unless told
 * otherwise; `className` adds the screen's own classes.
 */
export function Button({
  variant = 'secondary',
  size,
  block = false,
  className,
  type = 'button',
  ...button
}: ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: ButtonVariant;
  size?: 'sm' | 'lg';
  block?: boolean;
  'data-testid'?: string;
}) {
  const classes = ['btn', `btn--${variant}`, size ? `btn--${size}` : '', block ? 'btn--block' : '', className ?? ''];
  return <button type={type} className={classes.filter(Boolean).join(' ')} {...button} />;
}
