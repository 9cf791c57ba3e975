import { ActionIcon, Button, Drawer, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { AUTH_MESSAGES } from '@spacecapture/shared/contracts/auth';
import { PORTAL_PATHS } from '@spacecapture/shared/portal-paths';
import { type ComponentType, type ReactNode, useCallback, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { useSignOut } from '../../lib/auth/sign-out.ts';
import { notifyError } from '../../lib/notify.ts';
import { AppLink } from '../ui/app-link.tsx';
import { ColorSchemeToggle } from '../ui/color-scheme-toggle.tsx';
import { CubeIcon, type TIconProps } from '../ui/icons.tsx';
import { SidebarIcon, SignOutIcon, UserCircleIcon } from './portal-icons.tsx';
import styles from './portal-shell.module.css';
import {
  isSidebarShortcut,
  MOBILE_QUERY,
  readSidebarExpanded,
  SIDEBAR_WIDTH_MOBILE,
  writeSidebarExpanded,
} from './sidebar-state.ts';

/**
 * `Badge`: an optional count beside the label (unread messages beside Inbox, Orders and Assigned
 * Jobs). `group`: the sidebar's sub-heading the item sits under (Integrations), with the items of
 * the same group that follow it.
 */
type TPortalNavItem = {
  path: string;
  label: string;
  icon: ComponentType<TIconProps>;
  Badge?: ComponentType;
  group?: string;
};

/** The sidebar's entries: single items, and runs of items of one group under its sub-heading. */
function navEntriesOf(items: readonly TPortalNavItem[]) {
  const entries: ({ item: TPortalNavItem } | { group: string; items: TPortalNavItem[] })[] = [];
  for (const item of items) {
    const last = entries.at(-1);
    if (!item.group) entries.push({ item });
    else if (last && 'group' in last && last.group === item.group) last.items.push(item);
    else entries.push({ group: item.group, items: [item] });
  }
  return entries;
}

type TPortalShellProps = {
  /** The sidebar's title: Customer Portal, Provider Portal or Admin Portal. */
  title: string;
  items: readonly TPortalNavItem[];
  userEmail: string;
  /** Shown first among the header's actions (the notifications bell). */
  headerExtra?: ReactNode;
  children: ReactNode;
};

const SIDEBAR_ID = 'portal-sidebar';

/** Signs out (this device), then goes to /; a failure shows "Sign out failed" with the message. */
function useSignOutAction() {
  const signOut = useSignOut();
  const run = useCallback(() => {
    signOut.mutate(undefined, {
      onError: (error) => notifyError({ title: AUTH_MESSAGES.signOutFailed, message: error.message }),
    });
  }, [signOut]);
  return { run, pending: signOut.isPending };
}

function NavItem({ item, collapsed }: { item: TPortalNavItem; collapsed: boolean }) {
  const link = (
    <AppLink to={item.path} markCurrent className={styles.navLink}>
      <item.icon size={20} />
      <span className={styles.navLabel}>{item.label}</span>
      {item.Badge ? <item.Badge /> : null}
    </AppLink>
  );
  return (
    <li>
      {collapsed ? (
        <Tooltip label={item.label} position="right" withArrow openDelay={150}>
          {link}
        </Tooltip>
      ) : (
        link
      )}
    </li>
  );
}

function SidebarNav({
  title,
  items,
  collapsed,
  onSignOut,
  signingOut,
}: {
  title: string;
  items: readonly TPortalNavItem[];
  collapsed: boolean;
  onSignOut: () => void;
  signingOut: boolean;
}) {
  return (
    <div className={styles.sidebarBody}>
      <nav aria-label={title}>
        <h2 className={styles.sidebarTitle}>{title}</h2>
        <ul className={styles.navList}>
          {navEntriesOf(items).map((entry) =>
            'item' in entry ? (
              <NavItem key={entry.item.path} item={entry.item} collapsed={collapsed} />
            ) : (
              <li key={entry.group}>
                <h3 className={styles.navGroupTitle} id={`nav-group-${entry.group}`}>
                  {entry.group}
                </h3>
                <ul className={styles.navList} aria-labelledby={`nav-group-${entry.group}`}>
                  {entry.items.map((item) => (
                    <NavItem key={item.path} item={item} collapsed={collapsed} />
                  ))}
                </ul>
              </li>
            ),
          )}
        </ul>
      </nav>
      <div className={styles.sidebarFooter}>
        <button
          type="button"
          className={`${styles.navLink} ${styles.signOutAction}`}
          onClick={onSignOut}
          disabled={signingOut}
        >
          <SignOutIcon size={20} />
          <span className={styles.navLabel}>Sign Out</span>
        </button>
      </div>
    </div>
  );
}

/**
 * The portal layout (spec 001 §2): fixed header with the logo, the account link and Sign Out; a
 * sidebar with the portal's routes that collapses to icons, becomes a drawer below 768 px, toggles
 * with Ctrl/Cmd+B and remembers its state in a cookie.
 */
export function PortalShell({ title, items, userEmail, headerExtra, children }: TPortalShellProps) {
  const isMobile = useMediaQuery(MOBILE_QUERY, window.matchMedia(MOBILE_QUERY).matches, {
    getInitialValueInEffect: false,
  });
  const [expanded, setExpanded] = useState(readSidebarExpanded);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const { pathname } = useLocation();
  const signOut = useSignOutAction();

  const toggle = useCallback(() => {
    if (isMobile) {
      setDrawerOpen((open) => !open);
      return;
    }
    setExpanded((current) => {
      writeSidebarExpanded(!current);
      return !current;
    });
  }, [isMobile]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isSidebarShortcut(event)) return;
      event.preventDefault();
      toggle();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [toggle]);

  // A navigation closes the drawer; so does growing past the breakpoint.
  // biome-ignore lint/correctness/useExhaustiveDependencies: pathname is the trigger, not a value used inside.
  useEffect(() => {
    setDrawerOpen(false);
  }, [pathname, isMobile]);

  const collapsed = !isMobile && !expanded;
  return (
    <div className={styles.root} data-sidebar={collapsed ? 'collapsed' : 'expanded'}>
      <a className={styles.skipLink} href="#portal-main">
        Skip to main content
      </a>
      <header className={styles.header}>
        <button
          type="button"
          className={styles.toggle}
          aria-label="Toggle Sidebar"
          aria-controls={SIDEBAR_ID}
          aria-expanded={isMobile ? drawerOpen : expanded}
          onClick={toggle}
        >
          <SidebarIcon size={20} />
        </button>
        <AppLink to="/" className={styles.brand}>
          <span className={styles.logo}>
            <CubeIcon size={20} />
          </span>
          <span className={styles.brandText}>
            Space<span className={styles.brandAccent}>Capture</span>
          </span>
        </AppLink>
        <div className={styles.headerActions}>
          {headerExtra}
          <ColorSchemeToggle />
          <AppLink
            to={PORTAL_PATHS.account}
            markCurrent
            className={styles.accountLink}
            aria-label={`Account: ${userEmail}`}
          >
            <UserCircleIcon size={20} />
            <span className={styles.accountEmail}>{userEmail}</span>
          </AppLink>
          {isMobile ? (
            // A phone's header has room for the brand only if Sign Out is its icon (named the same).
            <ActionIcon
              variant="default"
              size={36}
              aria-label="Sign Out"
              onClick={signOut.run}
              loading={signOut.pending}
            >
              <SignOutIcon size={18} />
            </ActionIcon>
          ) : (
            <Button
              variant="default"
              size="sm"
              leftSection={<SignOutIcon size={16} />}
              onClick={signOut.run}
              loading={signOut.pending}
            >
              Sign Out
            </Button>
          )}
        </div>
      </header>
      {isMobile ? (
        <Drawer
          id={SIDEBAR_ID}
          opened={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          size={SIDEBAR_WIDTH_MOBILE}
          padding={0}
          title={<span className="visually-hidden">{title}</span>}
          classNames={{ body: styles.drawerBody }}
        >
          <SidebarNav
            title={title}
            items={items}
            collapsed={false}
            onSignOut={signOut.run}
            signingOut={signOut.pending}
          />
        </Drawer>
      ) : (
        <aside id={SIDEBAR_ID} className={styles.sidebar}>
          <SidebarNav
            title={title}
            items={items}
            collapsed={collapsed}
            onSignOut={signOut.run}
            signingOut={signOut.pending}
          />
        </aside>
      )}
      <main id="portal-main" className={styles.main} tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}
