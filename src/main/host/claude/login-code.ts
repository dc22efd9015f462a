/**
 * The sign-in page that has no way back to the CLI shows one code to paste, `<code>#<state>`
 * (what the interactive `/login` splits); a code pasted without its state takes the one of the
 * page the flow opened, which the CLI checks against its own.
 */
export function pastedLoginCode(
  pasted: string,
  signInUrl: string,
): { authorizationCode: string; state: string } {
  const [code = '', state] = pasted.trim().split('#');
  if (!code) throw new Error('Paste the code the sign-in page shows.');
  const fromUrl = URL.canParse(signInUrl) ? new URL(signInUrl).searchParams.get('state') : null;
  return { authorizationCode: code, state: state || fromUrl || '' };
}
