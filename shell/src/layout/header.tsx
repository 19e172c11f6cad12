import { pageFrameAtom } from '@promo/ui/page-frame';
import { useAtomValue } from '@promo/ui/app-store';
import { notify } from '@promo/ui/notifications';
import { type ComponentType, useState } from 'react';
import { Link, useNavigate } from '@promo/ui/router';
import styles from './header.module.css';
import type { SideMenu as SideMenuComponent } from './side-menu';
import { useTitleFocus } from './use-title-focus';

// The drawer's code arrives on the first tap (the worker's precache has it on an installed app), so
// no page downloads a menu the visitor never opens. Pointing at or focusing the button starts it.
const loadSideMenu = () => import('./side-menu');

const MENU_LOAD_FAILED = 'The menu could not be opened: its code did not download. Try again.';

export function Header() {
  const frame = useAtomValue(pageFrameAtom);
  const { title, showBack } = frame;
  const titleRef = useTitleFocus(frame);
  const navigate = useNavigate();
  const [menuOpen, setMenuOpen] = useState(false);
  const [SideMenu, setSideMenu] = useState<ComponentType<Parameters<typeof SideMenuComponent>[0]>>();
  const openMenu = () => {
    loadSideMenu().then(
      (module) => {
        setSideMenu(() => module.SideMenu);
        setMenuOpen(true);
      },
      () => notify('error', MENU_LOAD_FAILED),
    );
  };
  return (
    <header className={styles.header}>
      <div className={styles.start}>
        {showBack ? (
          <button
            type="button"
            className={styles.iconButton}
            aria-label="Back"
            onClick={() => void navigate(-1)}
          >
            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
              <path
                d="M15 5l-7 7 7 7"
                fill="none"
                stroke="currentColor"
                strokeWidth="2.5"
                strokeLinecap="round"
              />
            </svg>
          </button>
        ) : (
          // The back button's place is kept when a page offers none: a page tells the header it has
          // one only once its code has run, and the logo must not move then
          // (docs/decisions/038-rep-screens-load.md).
          <span className={styles.backSlot} aria-hidden="true" />
        )}
        <Link to="/" className={styles.logo} aria-label="Ezy Rewards home">
          <svg viewBox="0 0 40 40" width="36" height="36" aria-hidden="true">
            <circle cx="20" cy="20" r="19" fill="#ffffff" />
            <path d="M12 12h16v4H17v3h9v4h-9v3h11v4H12z" fill="#0b4f9c" />
          </svg>
        </Link>
      </div>
      {/* Focused after a navigation (useTitleFocus), never by Tab. */}
      <h1 ref={titleRef} className={styles.title} tabIndex={-1}>
        {title}
      </h1>
      <button
        type="button"
        className={styles.iconButton}
        aria-label="Menu"
        aria-haspopup="dialog"
        aria-expanded={menuOpen}
        onPointerEnter={() => void loadSideMenu()}
        onFocus={() => void loadSideMenu()}
        onClick={openMenu}
      >
        <svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true">
          <path d="M4 6h16M4 12h16M4 18h16" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
        </svg>
      </button>
      {SideMenu ? <SideMenu open={menuOpen} onClose={() => setMenuOpen(false)} /> : null}
    </header>
  );
}
