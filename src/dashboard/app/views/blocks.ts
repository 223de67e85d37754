import { h, mount } from '../dom.ts';

/** Memory blocks arrive with the block store; until the API serves them, say so plainly. */
export async function renderBlocks(root: HTMLElement): Promise<void> {
  mount(root, h('header', { class: 'page-header' }, h('h1', {}, 'Blocks')), h('div', { class: 'card empty' }, 'Memory blocks are not served by this version of the API yet.'));
}
