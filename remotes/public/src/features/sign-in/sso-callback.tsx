import { errorMessage } from '@promo/domain/http/http-client';
import { buttonClassName } from '@promo/ui/button';
import { Notice } from '@promo/ui/notice';
import { Spinner } from '@promo/ui/spinner';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from '@promo/ui/router';
import { useSignIn } from '../../session/use-sign-in';

interface CallbackError {
  error: string;
  description: string;
}

/**
 * The single sign-on return (docs/product-rules.md, 'Sign-in'): reads code, state, iss, error and
 * error_description. An error is shown on screen with both parts; otherwise 'Redirecting...' while
 * the code is exchanged for a session (as a rep: isRepSSO), then /.
 */
export function SsoCallback() {
  const [params] = useSearchParams();
  const code = params.get('code');
  const state = params.get('state');
  // The provider's name for itself (RFC 9207): the server checks it is the provider it sent the rep to.
  const iss = params.get('iss');
  const providerError = params.get('error');
  const signIn = useSignIn();
  // The exchange's failure, once it failed.
  const [exchange, setExchange] = useState<{ error: unknown }>();
  // The state is single-use on the server: exchange it once, even if the effect runs twice.
  const exchanged = useRef(false);

  useEffect(() => {
    if (providerError || !code || !state || exchanged.current) return;
    exchanged.current = true;
    signIn({ code, state, ...(iss ? { iss } : {}), isRepSSO: true }).catch((error: unknown) =>
      setExchange({ error }),
    );
  }, [code, state, iss, providerError, signIn]);

  let failure: CallbackError | undefined;
  if (providerError) {
    failure = { error: providerError, description: params.get('error_description') ?? '' };
  } else if (!code || !state) {
    failure = { error: 'invalid_request', description: 'The sign-in response has no code or state.' };
  } else if (exchange) {
    failure = {
      error: 'login_failed',
      description: errorMessage(exchange.error, 'Login failed. Please try again.'),
    };
  }

  if (failure) {
    return (
      <Notice tone="error" title="Authentication Error">
        <p>{failure.error}</p>
        {failure.description ? <p>{failure.description}</p> : null}
        <Link to="/login" className={buttonClassName('secondary')}>
          Back to Login
        </Link>
      </Notice>
    );
  }
  return <Spinner label="Redirecting..." />;
}
