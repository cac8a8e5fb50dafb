import { useLayoutEffect, useRef } from 'react';

/** What had focus, or for an item of a menu (which closes as the dialog opens), the menu's button. */
function focusedOpener(): HTMLElement | null {
  const active = document.activeElement;
  if (!(active instanceof HTMLElement) || active === document.body) return null;
  const menu = active.closest('[role="menu"]');
  if (!menu?.id) return active;
  const trigger = [...document.querySelectorAll('[aria-controls]')].find(
    (el) => el.getAttribute('aria-controls') === menu.id,
  );
  return trigger instanceof HTMLElement ? trigger : active;
}

/**
 * Radix gives focus back to a `Dialog.Trigger` when a dialog closes; ours are opened by plain
 * buttons, menu items or a route, so without a trigger focus fell to the page's start. This
 * remembers what had focus as the dialog opened (a layout effect runs before Radix moves focus
 * in) and returns the `onCloseAutoFocus` handler that gives it back, if it is still on the page.
 */
export function useFocusReturn(open: boolean): (event: Event) => void {
  const opener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (open) opener.current = focusedOpener();
  }, [open]);
  return (event) => {
    const target = opener.current;
    opener.current = null;
    if (target?.isConnected) {
      event.preventDefault();
      target.focus();
    }
  };
}
