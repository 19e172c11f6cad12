import { errorMessage } from '@promo/domain/http/http-client';
import { emailVerificationQueries } from '@promo/domain/public/public.queries';
import { PASSWORD_RULE_TEXT } from '@promo/domain/validation/validation.rules';
import { Button } from '@promo/ui/button';
import { Notice } from '@promo/ui/notice';
import { useNotify } from '@promo/ui/notifications';
import { usePageFrame } from '@promo/ui/page-frame';
import { Spinner } from '@promo/ui/spinner';
import { useQuery } from '@promo/domain/query';
import { useEffect } from 'react';
import { Navigate, useSearchParams } from '@promo/ui/router';
import { SetPasswordForm } from '../../features/set-password/set-password-form';
import { useSetPassword } from '../../features/set-password/use-set-password';
import { PageCard } from '../../page-card/page-card';

const VERIFY_FAILED = 'Email Verification failed. Please try again.';

/**
 * /verify-email?hash&phash&email (docs/product-rules.md, 'Set password'): goes to / when any is missing. Verifies the email on
 * load; success (or 'already verified') enables Confirm, which sets the first password with phash
 * and signs the new customer in.
 */
export default function VerifyEmailPage() {
  usePageFrame('Verify Email');
  const [params] = useSearchParams();
  const hash = params.get('hash') ?? '';
  const phash = params.get('phash') ?? '';
  const email = params.get('email') ?? '';
  const complete = Boolean(hash && phash && email);
  const notify = useNotify();
  const verification = useQuery({ ...emailVerificationQueries.link(email, hash), enabled: complete });
  const setPassword = useSetPassword({ email, hash: phash });

  const failedAt = verification.isError ? verification.errorUpdatedAt : 0;
  const { error } = verification;
  useEffect(() => {
    if (failedAt) notify('error', errorMessage(error, VERIFY_FAILED));
  }, [failedAt, error, notify]);

  if (!complete) return <Navigate to="/" replace />;
  return (
    <PageCard
      heading="Verify your email and set a password"
      labelledBy="verify-heading"
      lead={`For ${email}`}
    >
      {verification.isFetching ? <Spinner label="Verifying your email…" /> : null}
      {verification.isError ? (
        <Notice tone="error" title={VERIFY_FAILED}>
          {errorMessage(verification.error, '') ? <p>{errorMessage(verification.error, '')}</p> : null}
          <Button
            variant="secondary"
            disabled={verification.isFetching}
            onClick={() => void verification.refetch()}
          >
            Try again
          </Button>
        </Notice>
      ) : null}
      {verification.isSuccess ? (
        <p role="status">
          {verification.data.alreadyVerified
            ? 'Your email address is already verified. Choose your password.'
            : 'Your email address is verified. Choose your password.'}
        </p>
      ) : null}
      <SetPasswordForm
        ruleText={PASSWORD_RULE_TEXT.verify}
        ready={verification.isSuccess}
        setPassword={setPassword}
      />
    </PageCard>
  );
}
