import { api, type ForgetTarget } from './api.ts';
import { badge, h, mount } from './dom.ts';

/**
 * Asks before forgetting, listing exactly the memories the server says would
 * be deleted (not what the page happens to show), for ids or a description.
 * Resolves with the deleted ids, or null if cancelled.
 */
export async function confirmForget(agent: string, target: ForgetTarget): Promise<string[] | null> {
  const preview = await api.forgetPreview(agent, target);
  const dialog = h('dialog', { class: 'dialog', 'data-testid': 'forget-dialog' });
  document.body.append(dialog);
  const count = preview.memories.length;
  return new Promise((resolve) => {
    const finish = (result: string[] | null) => {
      dialog.close();
      dialog.remove();
      resolve(result);
    };
    const confirm = h('button', { class: 'button danger', type: 'button', 'data-testid': 'confirm-forget', disabled: count === 0 }, `Forget ${count} memor${count === 1 ? 'y' : 'ies'}`);
    confirm.addEventListener('click', async () => {
      confirm.setAttribute('disabled', '');
      // A description is forgotten as such, so the server also purges its text from the database file.
      const { deleted } = await api.forget(agent, 'description' in target ? target : { ids: preview.memories.map((memory) => memory.id) });
      finish(deleted);
    });
    mount(
      dialog,
      h('h2', {}, 'Forget permanently?'),
      'description' in target ? h('p', {}, 'Matching “', h('strong', {}, target.description), '”:') : null,
      count === 0 ? h('p', { class: 'muted', 'data-testid': 'forget-nothing' }, 'Nothing matches: nothing would be deleted.') : null,
      h('p', { class: 'muted' }, `${count === 1 ? 'This memory' : `These ${count} memories`} will be deleted with ${count === 1 ? 'its' : 'their'} vectors, keywords and history. This cannot be undone.`),
      h(
        'ul',
        { class: 'forget-list' },
        preview.memories.map((memory) => h('li', {}, badge(memory.type, memory.type), h('span', { class: 'forget-content' }, memory.content), h('code', { class: 'muted' }, memory.id))),
      ),
      preview.missing.length > 0 ? h('p', { class: 'muted' }, `Already gone: ${preview.missing.join(', ')}`) : null,
      h('div', { class: 'dialog-actions' }, h('button', { class: 'button', type: 'button', onclick: () => finish(null) }, 'Cancel'), confirm),
    );
    dialog.addEventListener('cancel', () => finish(null));
    dialog.showModal();
  });
}
