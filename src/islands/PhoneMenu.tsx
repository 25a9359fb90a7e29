/**
 * The phone menu (under 768 px): a toggle and a panel with the same items as the desktop header.
 *
 * Before and without hydration it is a native <details>, the panel beside it shown by CSS while
 * it is open: it opens, closes and every link works with no script. Once React takes over (see
 * useNativeTakeover) it is a disclosure button with `aria-expanded` and `aria-controls` (the
 * panel's id, phoneMenuPanelId): Escape closes it and puts focus back on the toggle, and
 * choosing any link, tapping outside or moving focus out of it closes it. A menu opened before
 * hydration stays open.
 *
 * Loading: `client:interaction` (the first touch, focus, hover or key inside the menu). The
 * toggle sits in the sticky header, always in view, so `client:visible` would fetch React on
 * every phone page view; `client:media` the same. The first touch on the toggle is the earliest
 * moment React adds anything, and the native <details> covers the tap that triggers it.
 */
import { useEffect, useState, type FocusEvent, type MouseEvent } from 'react';
import type { BookingPlacement } from '@/lib/shared/booking';
import { Icon } from './shared/Icon';
import { useNativeTakeover } from './shared/use-native-takeover';
import { phoneMenuPanelId } from '@/lib/shared/phone-menu';
import { headerLinks, isCurrent, isInSection, type NavLink } from '@/lib/shared/navigation';

interface PhoneMenuProps {
  /** The route being shown, to mark and highlight its link. */
  pathname: string;
  toggleLabel: string;
  bookLabel: string;
  bookingUrl: string;
  /** Read aloud after the booking link, which opens a new tab. */
  newTabHint: string;
}

function NavItem({ link, pathname }: { link: NavLink; pathname: string }) {
  const highlight = isInSection(link.href, pathname) ? 'text-accent' : 'text-ink';
  return (
    <a
      href={link.href}
      className={`inline-flex min-h-11 items-center gap-1 rounded-full px-3 font-medium hover:bg-paper ${highlight}`}
      aria-current={isCurrent(link.href, pathname) ? 'page' : undefined}
    >
      {link.label}
    </a>
  );
}

/**
 * The panel sits beside the toggle in both versions, never inside the <details>, so React keeps
 * its nodes when it takes over: a link pressed as the switch happens is released on the same link,
 * and its click still follows. In the native version CSS shows it while the <details> before it
 * is open (`native`), and keeps it laid out but invisible while closed, so the tap that opens it
 * costs no layout before its frame (traced at 4× CPU: 8–15 ms of layout, 1–3 ms now); once React
 * runs, its `hidden` attribute does.
 */
function Panel({
  hidden,
  native,
  pathname,
  bookLabel,
  bookingUrl,
  newTabHint,
}: Omit<PhoneMenuProps, 'toggleLabel'> & { hidden?: boolean; native?: boolean }) {
  return (
    <div
      id={phoneMenuPanelId}
      hidden={hidden}
      className={`${native ? 'invisible peer-open/menu:visible ' : ''}absolute inset-x-0 top-full max-h-[calc(100dvh-4rem)] overflow-y-auto border-b border-line bg-white shadow-lg`}
    >
      <nav aria-label="Menu" className="container-page py-4">
        <ul className="flex flex-col gap-1">
          {/* The site's own links, bundled with the island: as props they would repeat in every page. */}
          {headerLinks.map((link) => (
            <li key={link.href}>
              <NavItem link={link} pathname={pathname} />
              {link.children && (
                <ul className="ml-4 border-l border-line pl-2">
                  {link.children.map((child) => (
                    <li key={child.href}>
                      <NavItem link={child} pathname={pathname} />
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
        <a
          href={bookingUrl}
          target="_blank"
          rel="noopener"
          data-booking={'navigation_mobile' satisfies BookingPlacement}
          className="btn-primary mt-4 w-full"
        >
          {bookLabel}
          <span className="sr-only">{newTabHint}</span>
        </a>
      </nav>
    </div>
  );
}

export default function PhoneMenu({ toggleLabel, ...panel }: PhoneMenuProps) {
  const [open, setOpen] = useState(false);
  const { rootRef, enhanced } = useNativeTakeover<HTMLDivElement>((root) => {
    setOpen(root.querySelector('details')?.open ?? false);
  });

  // While open, a tap anywhere outside closes it, as for any overlay, and so does Escape
  // wherever focus is, which also puts focus back on the toggle.
  useEffect(() => {
    if (!open) return;
    const closeIfOutside = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      rootRef.current?.querySelector('button')?.focus();
    };
    document.addEventListener('pointerdown', closeIfOutside);
    document.addEventListener('keydown', closeOnEscape);
    return () => {
      document.removeEventListener('pointerdown', closeIfOutside);
      document.removeEventListener('keydown', closeOnEscape);
    };
  }, [open, rootRef]);

  if (!enhanced) {
    return (
      <div ref={rootRef} className="md:hidden" data-phone-menu>
        <details className="group/menu peer/menu">
          <summary
            className="btn-secondary cursor-pointer list-none [&::-webkit-details-marker]:hidden"
            aria-controls={phoneMenuPanelId}
          >
            <Icon name="menu" className="size-5 group-open/menu:hidden" />
            <Icon name="close" className="hidden size-5 group-open/menu:block" />
            {toggleLabel}
          </summary>
        </details>
        <Panel {...panel} native />
      </div>
    );
  }

  const closeOnLinkChoice = (event: MouseEvent) => {
    if ((event.target as Element).closest('a')) setOpen(false);
  };
  // Focus moving on past the last link (not a switch to another window) closes the panel, so it
  // never covers the element that now has focus.
  const closeWhenFocusLeaves = (event: FocusEvent) => {
    const next = event.relatedTarget;
    if (next && !event.currentTarget.contains(next)) setOpen(false);
  };

  return (
    <div
      ref={rootRef}
      className="md:hidden"
      data-phone-menu
      onClick={closeOnLinkChoice}
      onBlur={closeWhenFocusLeaves}
    >
      <button
        type="button"
        className="btn-secondary cursor-pointer"
        aria-expanded={open}
        aria-controls={phoneMenuPanelId}
        onClick={() => setOpen(!open)}
      >
        <Icon name={open ? 'close' : 'menu'} className="size-5" />
        {toggleLabel}
      </button>
      <Panel {...panel} hidden={!open} />
    </div>
  );
}
