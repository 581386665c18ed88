/** Where the open panel sits: along the bottom of the window, or down its right or left side. */
export type Dock = 'bottom' | 'right' | 'left';

export const DOCKS: readonly Dock[] = ['bottom', 'right', 'left'];

/** The layout a person left: the dock, the height docked at the bottom and the width docked at a side. */
export interface Layout {
  dock: Dock;
  bottom: number;
  side: number;
}

/** Per origin: localStorage is. */
export const LAYOUT_KEY = 'vstore-devtools';

/** Width of the collapsed panel, a rail down the right side (the left one when docked left). */
export const RAIL = 28;

const MIN_SIZE = 120;

/** The layout this origin saved, else the defaults: storage that throws or holds junk gives the defaults. */
export function loadLayout(): Layout {
  let saved: Partial<Record<keyof Layout, unknown>> | null = null;
  try {
    saved = JSON.parse(localStorage.getItem(LAYOUT_KEY) ?? 'null');
  } catch {
    // Storage blocked (privacy settings, a sandboxed frame) or a value this version cannot read: the
    // panel works without it, with the defaults.
  }
  const size = (value: unknown, fallback: number) =>
    typeof value === 'number' && value >= MIN_SIZE ? value : fallback;
  return {
    dock: DOCKS.includes(saved?.dock as Dock) ? (saved?.dock as Dock) : 'bottom',
    bottom: size(saved?.bottom, 300),
    side: size(saved?.side, 360),
  };
}

export function saveLayout(layout: Layout): void {
  try {
    localStorage.setItem(LAYOUT_KEY, JSON.stringify(layout));
  } catch {
    // Storage blocked or full: the layout holds for this page only, which is all a panel can do.
  }
}

/** `px` within what the window leaves: at least 120 px, and never more than all but 80 px of the page. */
export const clampSize = (dock: Dock, px: number): number =>
  Math.round(Math.max(MIN_SIZE, Math.min(px, (dock === 'bottom' ? innerHeight : innerWidth) - 80)));

type Saved = [style: CSSStyleDeclaration, name: string, value: string, priority: string];

type Reserve = (side: Dock | undefined, px: number) => void;

// The page has one reservation, whatever the number of panels (a remount by hot reload, two
// clients): each panel's claim is kept here, the room of all of them is reserved together, and the
// page gets its own styles back when the last is released. A reservation per panel would save the
// styles another panel had set as the page's own, and put them back for good.
const claims = new Set<{ side: Dock; px: number }>();
let page: ((room: Record<Dock, number>) => void) | undefined;

/**
 * One panel's claim on the page (see `reservePage`): call with a side to claim room for a panel of
 * `px`, with none to let go.
 */
export function createPageReservation(): Reserve {
  const claim = { side: 'right' as Dock, px: 0 };
  return (side, px) => {
    claims.delete(claim);
    if (side) {
      claim.side = side;
      claim.px = px;
      claims.add(claim);
    }
    // Panels on one side overlap: the widest one's room is the side's.
    const room: Record<Dock, number> = { bottom: 0, left: 0, right: 0 };
    for (const held of claims) room[held.side] = Math.max(room[held.side], held.px);
    page ??= reservePage();
    page(room);
  };
}

/**
 * Keeps the page's content out from under the panels, whatever its scroll position. At a side, the
 * root element is padded by the panel's width, so content lays out beside it. At the bottom, padding
 * would only add room at the end of the document, and content would still scroll underneath, so the
 * body becomes the page's scroller, ending where the panel begins (and beside any side panel). With
 * no room anywhere the page is given back: every inline style it set is restored to what it was,
 * and the scroll position carries over.
 */
function reservePage(): (room: Record<Dock, number>) => void {
  let saved: Saved[] = [];
  let bodyScrolls = false;
  return (room) => {
    const { documentElement: root, body } = document;
    const scroller = () => (bodyScrolls ? body : (document.scrollingElement ?? root));
    const top = scroller().scrollTop;
    for (const [style, name, value, priority] of saved.reverse()) style.setProperty(name, value, priority);
    saved = [];
    const set = (style: CSSStyleDeclaration, name: string, value: string) => {
      saved.push([style, name, style.getPropertyValue(name), style.getPropertyPriority(name)]);
      // important: a page's own `html { padding: 0 }` or `body { overflow: … }` must not win.
      style.setProperty(name, value, 'important');
    };
    bodyScrolls = room.bottom > 0;
    if (bodyScrolls) {
      set(root.style, 'overflow', 'hidden');
      // Its own height or min-height (a common `min-height: 100vh`) would outweigh the inset.
      for (const [name, value] of [
        ['position', 'fixed'],
        [
          'inset',
          room.left || room.right
            ? `0 ${room.right}px ${room.bottom}px ${room.left}px`
            : `0 0 ${room.bottom}px`,
        ],
        ['height', 'auto'],
        ['min-height', '0'],
        ['overflow', 'auto'],
      ] as const)
        set(body.style, name, value);
    } else
      for (const side of ['left', 'right'] as const)
        if (room[side] > 0) set(root.style, `padding-${side}`, `${room[side]}px`);
    scroller().scrollTop = top;
  };
}
