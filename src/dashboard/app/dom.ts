/** A tiny element builder: enough for a dashboard, with no framework to learn. */
type Child = Node | string | number | null | undefined | false;
type Attributes = Record<string, string | number | boolean | EventListener | null | undefined>;

export function h<Tag extends keyof HTMLElementTagNameMap>(tag: Tag, attributes: Attributes = {}, ...children: (Child | Child[])[]): HTMLElementTagNameMap[Tag] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === null || value === undefined || value === false) continue;
    if (typeof value === 'function') element.addEventListener(name.replace(/^on/, '').toLowerCase(), value);
    else if (value === true) element.setAttribute(name, '');
    else element.setAttribute(name, String(value));
  }
  append(element, children);
  return element;
}

export function append(parent: Element, children: (Child | Child[])[]): void {
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    parent.append(child instanceof Node ? child : String(child));
  }
}

/** Replaces everything inside `parent`. */
export function mount(parent: Element, ...children: (Child | Child[])[]): void {
  parent.replaceChildren();
  append(parent, children);
}

/** A 0..1 value as a small horizontal bar. */
export function meter(value: number, options: { label?: string; tone?: string; title?: string } = {}): HTMLElement {
  const clamped = Math.max(0, Math.min(1, value));
  return h(
    'span',
    { class: `meter ${options.tone ?? ''}`, title: options.title ?? value.toFixed(3), role: 'meter', 'aria-valuenow': clamped.toFixed(3), 'aria-valuemin': 0, 'aria-valuemax': 1, 'aria-label': options.label ?? 'value' },
    h('span', { class: 'meter-fill', style: `width:${(clamped * 100).toFixed(1)}%` }),
  );
}

export function relativeTime(epochMs: number | null, now = Date.now()): string {
  if (epochMs === null) return 'never';
  const seconds = Math.round((now - epochMs) / 1000);
  const future = seconds < 0;
  const abs = Math.abs(seconds);
  const [value, unit] = abs < 60 ? [abs, 's'] : abs < 3600 ? [Math.round(abs / 60), 'min'] : abs < 86_400 ? [Math.round(abs / 3600), 'h'] : [Math.round(abs / 86_400), 'd'];
  if (abs < 5) return 'just now';
  return future ? `in ${value} ${unit}` : `${value} ${unit} ago`;
}

export function badge(text: string, kind: string): HTMLElement {
  return h('span', { class: `badge badge-${kind.replace(/[^a-z-]/g, '')}` }, text);
}
