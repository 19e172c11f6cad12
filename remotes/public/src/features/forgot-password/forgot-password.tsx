import { Button } from '@promo/ui/button';
import { lazy, Suspense, useState } from 'react';

const loadDialog = () => import('./forgot-password-form');
const ForgotPasswordDialog = lazy(loadDialog);

/**
 * docs/product-rules.md, 'Forgot password': the login page's button, and the dialog it opens. The dialog's code
 * loads when the button is pointed at, focused or pressed, not with the login page: every visitor
 * downloads the login page, few need the dialog (docs/decisions/007-performance-figures.md).
 */
export function ForgotPassword() {
  // How many times it was opened: each opening mounts a fresh dialog (empty email, no old answer).
  const [openings, setOpenings] = useState(0);
  const [open, setOpen] = useState(false);
  const preload = () => void loadDialog().catch(() => undefined);
  return (
    <>
      <Button
        variant="secondary"
        block
        aria-haspopup="dialog"
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => {
          setOpenings((count) => count + 1);
          setOpen(true);
        }}
      >
        Forgot Password
      </Button>
      {openings > 0 ? (
        <Suspense fallback={null}>
          <ForgotPasswordDialog key={openings} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
