/** `data-*` attributes a component passes to its root element (browser tests find elements by them). */
export type DataAttributes = { [name: `data-${string}`]: boolean | string | undefined };
