/**
 * The icon frame and the icons the events landing draws (its event cards), apart from the rest
 * (icons.tsx) so that the citizens' first bundle carries only these; import them from icons.tsx elsewhere.
 */
import { createElement, type ReactElement, type SVGProps } from 'react';

export type IconProps = SVGProps<SVGSVGElement> & { size?: number };

export function Svg({ size = 20, children, ...rest }: IconProps) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...rest}
    >
      {children}
    </svg>
  );
}

/** An icon drawn by these shapes in the frame: a string is a path's `d`, anything else an SVG element (a circle, a rect). */
export function icon(...shapes: (string | ReactElement)[]) {
  const children = shapes.map((shape) => (typeof shape === 'string' ? <path d={shape} /> : shape));
  return (p: IconProps) => createElement(Svg, p, ...children);
}

export const CalendarIcon = icon(<rect x="3" y="4.5" width="18" height="16" rx="2" />, 'M3 9.5h18M8 2.5v4M16 2.5v4');

export const PinIcon = icon('M12 21s-7-6.1-7-11.5A7 7 0 0 1 19 9.5C19 14.9 12 21 12 21Z', <circle cx="12" cy="9.5" r="2.5" />);

export const ClockIcon = icon(<circle cx="12" cy="12" r="9" />, 'M12 7v5l3 2');
