import { useId, type ReactNode } from 'react';

/**
 * A card of a screen, named by its heading (`aria-labelledby`, by a generated id). With `aside` (a counter, a button),
 * the heading and the aside share the card's header row.
 */
export function Card({
  title,
  className,
  testId,
  aside,
  children,
}: {
  title: ReactNode;
  className?: string;
  testId?: string;
  aside?: ReactNode;
  children: ReactNode;
}) {
  const id = useId();
  const heading = (
    <h2 className="card__title" id={id}>
      {title}
    </h2>
  );
  return (
    <section className={className ? `card ${className}` : 'card'} aria-labelledby={id} data-testid={testId}>
      {aside !== undefined ? (
        <div className="card__header">
          {heading}
          {aside}
        </div>
      ) : (
        heading
      )}
      {children}
    </section>
  );
}
