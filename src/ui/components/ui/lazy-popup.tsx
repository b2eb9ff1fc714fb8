import { lazy, Suspense, useEffect, useState, type ComponentType, type PointerEvent } from 'react';
import { whenIdle } from '../../lib/idle';

/**
 * What a placeholder trigger spreads on its button. A mouse press counts from the button going down, not from the
 * click, as Radix's own menu triggers do: the popup's code can arrive between the two, and the click then ends on
 * another button than the one pressed (the popup's own trigger, drawn in the placeholder's place), so no button gets
 * it and the popup stayed shut (a CI run lost a click so). The press's default is prevented: its mousedown would land
 * beside the replaced button and take the focus out of the popup just opened, which closes it. A tap or a key still
 * comes as a click.
 */
export interface PlaceholderHandlers {
  onClick: () => void;
  onPointerDown: (event: PointerEvent) => void;
}

/**
 * A menu or popover whose code (Radix, positioning) is not part of the first paint: `Placeholder` draws
 * its trigger until the code, fetched once the page is idle, arrives; a press on the placeholder before
 * then opens the popup as soon as it does.
 */
export function lazyPopup(
  load: () => Promise<ComponentType<{ defaultOpen: boolean }>>,
  Placeholder: ComponentType<PlaceholderHandlers>,
): ComponentType {
  const Popup = lazy(() => load().then((component) => ({ default: component })));
  return function LazyPopup() {
    const [openOnArrival, setOpenOnArrival] = useState(false);
    const open = () => setOpenOnArrival(true);
    const openOnMouseDown = (event: PointerEvent) => {
      if (event.pointerType !== 'mouse' || event.button !== 0 || event.ctrlKey) return;
      event.preventDefault();
      open();
    };
    useEffect(() => whenIdle(() => void load().catch(() => undefined)), []);
    return (
      <Suspense fallback={<Placeholder onClick={open} onPointerDown={openOnMouseDown} />}>
        <Popup defaultOpen={openOnArrival} />
      </Suspense>
    );
  };
}
