import { Fragment } from 'react';

/**
 * An email address that may wrap only where a reader expects it: before the `@` and each dot, and
 * after a hyphen, never in the middle of a word.
 */
export function EmailText({ email }: { email: string }) {
  const parts = email.split(/(?=[@.])|(?<=-)/);
  return (
    <span className="email-text">
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
