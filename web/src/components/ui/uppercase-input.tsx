import { useLayoutEffect, useRef, type InputHTMLAttributes } from 'react';

/**
 * A text input whose value is forced to uppercase as it is typed, keeping the caret where the person
 * was typing (a controlled value that differs from what was typed would jump to the end). For e-mail
 * addresses pass inputMode="email": a type="email" input does not expose its caret.
 */
export function UppercaseInput({
  value,
  onValueChange,
  ...rest
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'type'> & { value: string; onValueChange: (value: string) => void }) {
  const ref = useRef<HTMLInputElement>(null);
  const caret = useRef<[number, number] | null>(null);

  useLayoutEffect(() => {
    const input = ref.current;
    const selection = caret.current;
    caret.current = null;
    if (!input || !selection || document.activeElement !== input) return;
    input.setSelectionRange(selection[0], selection[1]);
  }, [value]);

  return (
    <input
      {...rest}
      ref={ref}
      type="text"
      value={value}
      onChange={(e) => {
        const input = e.target;
        if (input.selectionStart !== null && input.selectionEnd !== null) caret.current = [input.selectionStart, input.selectionEnd];
        onValueChange(input.value.toUpperCase());
      }}
    />
  );
}
