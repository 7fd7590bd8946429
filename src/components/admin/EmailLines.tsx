/** An email address that may break after its @ and nowhere else, so a narrow column stays readable. */
export function EmailLines({ email }: { email: string }) {
  const at = email.indexOf('@');
  if (at < 0) return email;
  return (
    <>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </>
  );
}
