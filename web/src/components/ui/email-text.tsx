import { Fragment } from 'react';

/**
 * An e-mail that may wrap at its natural seams (before the @ and before each dot) instead of mid-word;
 * a single part too long for the line still wraps (`.email-text` in styles.css), so nothing scrolls
 * sideways at 360 px. The text content is the e-mail unchanged (copy, search and tests see it whole).
 */
export function EmailText({ email, className = '', testId }: { email: string; className?: string; testId?: string }) {
  const parts = email.split(/(?=[@.])/);
  return (
    <span className={`email-text ${className}`.trim()} data-testid={testId}>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
