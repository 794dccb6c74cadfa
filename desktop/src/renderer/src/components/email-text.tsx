/**
 * An email address kept on one line: broken before its `@` or a dot it reads as two addresses.
 * A very long one is cut with an ellipsis instead, the whole address in its tooltip.
 */
export function EmailText({ email }: { email: string }) {
  return (
    <span className="email-text" title={email}>
      {email}
    </span>
  );
}
