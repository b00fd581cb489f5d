import type { InputHTMLAttributes } from 'react';
import { SearchIcon } from './icons';

/** A search box: the magnifier, a label for screen readers only, and the input whose value changes by `onValueChange`. */
export function SearchField({
  label,
  className,
  onValueChange,
  ...input
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'className' | 'value' | 'onChange'> & {
  label: string;
  className?: string;
  value: string;
  onValueChange: (value: string) => void;
}) {
  return (
    <label className={className ? `search ${className}` : 'search'}>
      <SearchIcon size={17} />
      <span className="visually-hidden">{label}</span>
      <input className="input search__input" type="search" {...input} onChange={(e) => onValueChange(e.target.value)} />
    </label>
  );
}
