import { Button } from '@promo/ui/button';

/** Show/hide for a password field (docs/product-rules.md, 'Sign-in'). */
export function PasswordVisibilityToggle({
  shown,
  onToggle,
}: {
  shown: boolean;
  onToggle: (shown: boolean) => void;
}) {
  return (
    <Button
      variant="secondary"
      aria-pressed={shown}
      aria-label={shown ? 'Hide password' : 'Show password'}
      onClick={() => onToggle(!shown)}
    >
      {shown ? 'Hide' : 'Show'}
    </Button>
  );
}
