import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

// `any` as React's own lazy() has it: a component of any props.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as React's lazy() types it
type AnyComponent = ComponentType<any>;

/** A lazy component whose code can also be fetched before it renders. */
export type LoadableComponent<T extends AnyComponent> = LazyExoticComponent<T> & { load: () => Promise<unknown> };

/**
 * React.lazy over `load`, with `load` kept on the component: a widget's code is fetched and
 * evaluated in one idle period and rendered in a later one (renderAfterPageIdle, DeferredMenu), or
 * fetched ahead of a press. The module is fetched once, whoever asks first.
 */
export function lazyWithLoad<T extends AnyComponent>(load: () => Promise<{ default: T }>): LoadableComponent<T> {
  return Object.assign(lazy(load), { load });
}
