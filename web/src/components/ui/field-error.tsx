/** A field's validation messages, linked to its input by `aria-describedby={id}`. */
export function FieldError({ id, messages }: { id: string; messages: readonly string[] | undefined }) {
  if (!messages || messages.length === 0) return null;
  return (
    <p className="field__error" id={id} data-testid={id}>
      {messages.join(' ')}
    </p>
  );
}
