import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';
import { whenIdle } from '../../lib/idle';

/**
 * A menu or popover whose code (Radix, positioning) is not part of the first paint: `Placeholder` draws
 * its trigger until the code, fetched once the page is idle, arrives; a click on the placeholder before
 * then opens the popup as soon as it does.
 */
export function lazyPopup(
  load: () => Promise<ComponentType<{ defaultOpen: boolean }>>,
  Placeholder: ComponentType<{ onClick: () => void }>,
): ComponentType {
  const Popup = lazy(() => load().then((component) => ({ default: component })));
  return function LazyPopup() {
    const [openOnArrival, setOpenOnArrival] = useState(false);
    useEffect(() => whenIdle(() => void load().catch(() => undefined)), []);
    return (
      <Suspense fallback={<Placeholder onClick={() => setOpenOnArrival(true)} />}>
        <Popup defaultOpen={openOnArrival} />
      </Suspense>
    );
  };
}
