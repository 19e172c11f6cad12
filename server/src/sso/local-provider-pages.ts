/** The pages of the local identity provider (src/sso/local-provider.ts): plain HTML, no script. */

function escapeHtml(text: string): string {
  return text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
  body { font-family: system-ui, sans-serif; max-width: 420px; margin: 40px auto; padding: 0 16px; color: #1b2631; }
  h1 { font-size: 1.4rem; } p { color: #4a5560; }
  label { display: block; margin: 16px 0 4px; font-weight: 600; }
  input { box-sizing: border-box; width: 100%; padding: 10px; font: inherit; border: 1px solid #7b8a97; border-radius: 6px; }
  button { margin-top: 20px; width: 100%; padding: 12px; font: inherit; border: 0; border-radius: 6px; background: #1f5fa8; color: #fff; cursor: pointer; }
  .cancel { display: block; margin-top: 16px; text-align: center; color: #1f5fa8; }
  .error { color: #a93226; font-weight: 600; }
</style></head><body><main>${body}</main></body></html>`;
}

/** The provider's own sign-in form: e-mail and password, and a way back that declines. */
export function loginPage(options: { uid: string; email?: string; error?: string }): string {
  const base = `/interaction/${encodeURIComponent(options.uid)}`;
  const error = options.error ? `<p class="error" role="alert">${escapeHtml(options.error)}</p>` : '';
  return page(
    'Sign in: local identity provider',
    `<h1>Local identity provider</h1>
<p>This provider runs beside Ezy Rewards on this machine, in place of a company's. Sign in with a demo user's e-mail address and password.</p>
${error}
<form method="post" action="${base}/login" autocomplete="off">
  <label for="email">E-mail address</label>
  <input id="email" name="email" type="email" required value="${escapeHtml(options.email ?? '')}">
  <label for="password">Password</label>
  <input id="password" name="password" type="password" required>
  <button type="submit">Sign in</button>
</form>
<a class="cancel" href="${base}/abort">Cancel</a>`,
  );
}

/** What the provider shows for a sign-in it cannot go on with (an expired or unknown interaction). */
export function providerErrorPage(error: string, description: string | undefined): string {
  return page(
    'Sign-in problem: local identity provider',
    `<h1>This sign-in cannot go on</h1><p>${escapeHtml(description ?? error)}</p>
<p>Go back to Ezy Rewards and choose "Sign In with SSO" again.</p>`,
  );
}

/** RP-initiated logout: the provider asks before it ends its own session. */
export function logoutPage(form: string): string {
  return page(
    'Sign out: local identity provider',
    `<h1>Sign out of the local identity provider?</h1>${form}
<button type="submit" form="op.logoutForm" name="logout" value="yes">Sign out</button>`,
  );
}

export function signedOutPage(): string {
  return page('Signed out: local identity provider', '<h1>You are signed out</h1>');
}
