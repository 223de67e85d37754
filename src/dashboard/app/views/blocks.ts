import { api } from '../api.ts';
import type { MemoryBlock } from '../api-types.ts';
import { h, mount, relativeTime } from '../dom.ts';
import { href, navigate } from '../router.ts';

function blockCard(agent: string, block: MemoryBlock): HTMLElement {
  const value = h('textarea', { class: 'input mono', rows: Math.min(14, Math.max(4, block.value.split('\n').length + 1)), 'aria-label': `block ${block.key}` }, block.value);
  const status = h('span', { class: 'muted', 'data-testid': `block-status-${block.key}` }, `updated ${relativeTime(block.updatedAt)}`);
  const form = h('form', { class: 'card panel block', 'data-key': block.key }, h('header', { class: 'panel-header' }, h('h3', {}, block.key), status), value, h('div', { class: 'row end' }, h('button', { class: 'button primary', type: 'submit' }, 'Save')));
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const saved = await api.putBlock(agent, block.key, value.value);
    status.textContent = `saved ${relativeTime(saved.block.updatedAt)}`;
  });
  return form;
}

/** Memory blocks: the always-in-context notes (persona, human, objectives), editable in place. */
export async function renderBlocks(root: HTMLElement, agent: string): Promise<void> {
  const { blocks } = await api.blocks(agent);
  const key = h('input', { class: 'input small', name: 'key', placeholder: 'key, e.g. persona', required: true, pattern: '[A-Za-z0-9][A-Za-z0-9_.\\-]{0,63}', 'aria-label': 'new block key' });
  const create = h('form', { class: 'filters card' }, key, h('button', { class: 'button', type: 'submit' }, 'New block'));
  create.addEventListener('submit', async (event) => {
    event.preventDefault();
    await api.putBlock(agent, key.value.trim(), '');
    navigate(href(agent, 'blocks'));
  });
  mount(
    root,
    h('header', { class: 'page-header' }, h('div', {}, h('h1', {}, 'Blocks'), h('p', { class: 'muted' }, 'Named notes the agent keeps in context; agents edit them with replace/append, you can edit them here.'))),
    create,
    blocks.length > 0 ? h('div', { class: 'blocks-grid' }, blocks.map((block) => blockCard(agent, block))) : h('div', { class: 'card empty' }, 'No memory blocks yet.'),
  );
}
