import { createElement, lazy, useState, type ComponentType } from 'react';

/** A component in a chunk of its own: `preload` fetches it ahead of its first render (one load shared by all). */
export interface Preloadable<P extends object> {
  Component: ComponentType<P>;
  preload: () => Promise<ComponentType<P>>;
}

/**
 * Like React.lazy, but a component whose chunk is already in renders at once instead of suspending. A lazy component
 * suspends on its first render even when its chunk has arrived, so its Suspense boundary shows the fallback, and
 * React then holds back what replaces a fallback until 300 ms after it showed: every full load of a screen waited
 * that long with its code and data in hand. A failed load is tried again by the next call.
 */
export function preloadable<P extends object>(load: () => Promise<ComponentType<P>>): Preloadable<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = () => {
    if (!loading) {
      loading = load().then((component) => (loaded = component));
      loading.catch(() => (loading = undefined));
    }
    return loading;
  };
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  function Component(props: P) {
    // Chosen once per mount, so that a later render never swaps the element type (and remounts the screen).
    const [Impl] = useState<ComponentType<P>>(() => loaded ?? (Lazy as unknown as ComponentType<P>));
    return createElement(Impl, props);
  }
  return { Component, preload };
}
