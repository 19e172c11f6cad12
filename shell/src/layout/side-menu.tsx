import { paths } from '@promo/domain/paths';
import { useSession } from '@promo/domain/session/session';
import { isSignedIn } from '@promo/domain/session/session.rules';
import { useModalDialog } from '@promo/ui/dialog';
import { NavLink } from '@promo/ui/router';
import { BuildDateLabel } from '../app-update/build-date-label';
import styles from './side-menu.module.css';
import type { Role } from '@promo/domain/types';

interface MenuEntry {
  label: string;
  to: string;
}

/** The side menu (docs/product-rules.md, 'Page frame and menu'): entries depend on whether the user is signed in and on the role. */
export function menuEntries(role: Role): MenuEntry[] {
  const signedIn = role !== 'anonymous';
  const isRep = role === 'rep';
  return [
    { label: 'Home', to: isRep ? paths.repHome() : paths.home() },
    ...(signedIn
      ? [{ label: 'My Account', to: isRep ? paths.repMyAccount() : paths.customerMyAccount() }]
      : []),
    ...(isRep ? [{ label: 'My Branches', to: paths.repMyBranches() }] : []),
    { label: 'Privacy Policy', to: paths.privacyPolicy() },
    ...(signedIn ? [{ label: 'Contact Us', to: paths.contactUs() }] : []),
    ...(signedIn ? [{ label: 'Logout', to: paths.logout() }] : []),
  ];
}

/** A modal drawer: the native dialog traps focus, closes on Escape and returns focus to the menu button. */
export function SideMenu({ open, onClose }: { open: boolean; onClose: () => void }) {
  const session = useSession();
  const dialog = useModalDialog(open, onClose);

  return (
    <dialog {...dialog} className={styles.drawer} aria-label="Menu">
      <nav>
        <ul className={styles.list}>
          {menuEntries(isSignedIn(session) ? session.role : 'anonymous').map((entry) => (
            <li key={entry.label}>
              <NavLink to={entry.to} end className={styles.link} onClick={onClose}>
                {entry.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <button type="button" className={styles.close} onClick={onClose}>
        Close menu
      </button>
      <BuildDateLabel className={styles.version} />
    </dialog>
  );
}
