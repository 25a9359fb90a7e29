/**
 * Closing the header's services dropdown is the only part of it that needs a script: Escape
 * (anywhere, as for any content shown on hover) and a second click on the toggle hide it even
 * while hover or focus would keep it open, until both pointer and focus have left it. Opening it
 * is native (`<details>`, hover and focus in CSS: src/components/Header.astro).
 */
export function startServicesDropdowns(root: Document): void {
  for (const item of root.querySelectorAll<HTMLElement>('[data-dropdown]')) {
    const toggle = item.querySelector('details');
    const panel = item.querySelector<HTMLElement>('[data-dropdown-panel]');
    if (!toggle || !panel) continue;
    const inside = (node: EventTarget | null) => node instanceof Node && item.contains(node);
    const engaged = () => item.matches(':hover, :focus-within');
    const dismiss = () => {
      item.dataset.dismissed = '';
      toggle.open = false;
    };

    toggle.addEventListener('toggle', () => {
      if (toggle.open) delete item.dataset.dismissed;
      else if (engaged()) item.dataset.dismissed = '';
    });
    root.addEventListener('keydown', (event) => {
      if (event.key !== 'Escape' || getComputedStyle(panel).visibility !== 'visible') return;
      const focusWasInPanel = panel.contains(root.activeElement);
      dismiss();
      if (focusWasInPanel) toggle.querySelector('summary')?.focus();
    });
    root.addEventListener('pointerdown', (event) => {
      if (!inside(event.target)) toggle.open = false;
    });
    item.addEventListener('focusout', (event) => {
      if (inside(event.relatedTarget)) return;
      toggle.open = false;
      if (!item.matches(':hover')) delete item.dataset.dismissed;
    });
    item.addEventListener('pointerleave', () => {
      if (!item.matches(':focus-within')) delete item.dataset.dismissed;
    });
  }
}
