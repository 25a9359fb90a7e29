/** The phone menu's panel, named by its toggle's `aria-controls` (one menu per page) and by the speculation rules. */
export const phoneMenuPanelId = 'phone-menu';
