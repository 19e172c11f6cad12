import { PASSWORD_RULE_TEXT } from '@promo/domain/validation/validation.rules';
import { usePageFrame } from '@promo/ui/page-frame';
import { Navigate, useSearchParams } from '@promo/ui/router';
import { SetPasswordForm } from '../../features/set-password/set-password-form';
import { useSetPassword } from '../../features/set-password/use-set-password';
import { PageCard } from '../../page-card/page-card';

/**
 * /reset-password?hash&email (docs/product-rules.md, 'Set password'): goes to / when either is missing. On success the user is
 * signed in with the new password and lands on /.
 */
export default function ResetPasswordPage() {
  usePageFrame('Reset Password');
  const [params] = useSearchParams();
  const hash = params.get('hash') ?? '';
  const email = params.get('email') ?? '';
  const setPassword = useSetPassword({ email, hash });

  if (!hash || !email) return <Navigate to="/" replace />;
  return (
    <PageCard heading="Set a new password" labelledBy="reset-heading" lead={`For ${email}`}>
      <SetPasswordForm ruleText={PASSWORD_RULE_TEXT.reset} setPassword={setPassword} />
    </PageCard>
  );
}
