import { api, type ForgetAnswer, type ForgetCandidate, type ForgetTarget } from './api.ts';
import { badge, h, mount } from './dom.ts';

/**
 * Asks before forgetting, listing exactly the memories the server says would
 * be deleted (not what the page happens to show), for ids or a description.
 * When a description is unsure (several different memories fit, or one only
 * partly), nothing is deleted by it: the dialog lists what it may mean and the
 * user picks, the forget tool's two-step flow. Resolves with the deleted ids,
 * or null if cancelled.
 */
export async function confirmForget(agent: string, target: ForgetTarget): Promise<string[] | null> {
  const preview = await api.forgetPreview(agent, target);
  const dialog = h('dialog', { class: 'dialog', 'data-testid': 'forget-dialog' });
  document.body.append(dialog);
  const count = preview.memories.length;
  const candidates = count === 0 ? (preview.candidates ?? []) : [];
  if (candidates.length > 0) return pickCandidates(agent, dialog, target, candidates);
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
      const answer = await api.forget(agent, 'description' in target ? target : { ids: preview.memories.map((memory) => memory.id) });
      afterForget(dialog, answer, finish);
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

/** The unsure case: the candidates, each with a box to tick; only what is ticked is forgotten, by id. */
function pickCandidates(agent: string, dialog: HTMLDialogElement, target: ForgetTarget, candidates: ForgetCandidate[]): Promise<string[] | null> {
  return new Promise((resolve) => {
    const finish = (result: string[] | null) => {
      dialog.close();
      dialog.remove();
      resolve(result);
    };
    const picked = new Set<string>();
    const confirm = h('button', { class: 'button danger', type: 'button', 'data-testid': 'confirm-forget', disabled: true }, 'Forget 0 memories');
    const label = () => `Forget ${picked.size} memor${picked.size === 1 ? 'y' : 'ies'}`;
    const item = (candidate: ForgetCandidate) => {
      const box = h('input', { type: 'checkbox', 'aria-label': `forget: ${candidate.content}`, 'data-testid': 'forget-candidate' });
      box.addEventListener('change', () => {
        if (box.checked) picked.add(candidate.id);
        else picked.delete(candidate.id);
        confirm.toggleAttribute('disabled', picked.size === 0);
        confirm.textContent = label();
      });
      return h('li', {}, box, h('span', { class: 'forget-content' }, candidate.content), h('span', { class: 'muted' }, candidate.why), h('code', { class: 'muted' }, candidate.id));
    };
    confirm.addEventListener('click', async () => {
      confirm.setAttribute('disabled', '');
      const answer = await api.forget(agent, { ids: [...picked] });
      afterForget(dialog, answer, finish);
    });
    mount(
      dialog,
      h('h2', {}, 'Which do you mean?'),
      'description' in target ? h('p', {}, 'Not sure what “', h('strong', {}, target.description), '” means, so nothing was deleted. Tick what to forget:') : null,
      h('ul', { class: 'forget-list', 'data-testid': 'forget-candidates' }, candidates.map(item)),
      h('p', { class: 'muted' }, 'What you tick is deleted with its vectors, keywords and history. This cannot be undone.'),
      h('div', { class: 'dialog-actions' }, h('button', { class: 'button', type: 'button', onclick: () => finish(null) }, 'Cancel'), confirm),
    );
    dialog.addEventListener('cancel', () => finish(null));
    dialog.showModal();
  });
}

/**
 * Done, unless a memory block still says what went: blocks are the agent's own notes and a forget does not
 * rewrite them, so the dialog names the lines (as forget_memory, HTTP and the CLI do) before it closes.
 */
function afterForget(dialog: HTMLDialogElement, answer: ForgetAnswer, finish: (result: string[] | null) => void): void {
  const stillInBlocks = answer.stillInBlocks ?? [];
  if (stillInBlocks.length === 0) return finish(answer.deleted);
  mount(
    dialog,
    h('h2', {}, `Forgotten — but ${stillInBlocks.length === 1 ? 'a memory block still says' : 'memory blocks still say'} it`),
    h(
      'ul',
      { class: 'forget-list', 'data-testid': 'still-in-blocks' },
      stillInBlocks.flatMap((entry) => entry.lines.map((line) => h('li', {}, h('code', { class: 'muted' }, entry.key), h('span', { class: 'forget-content' }, line)))),
    ),
    h('p', { class: 'muted' }, 'Every prompt that includes these blocks still carries these lines: remove them under Blocks.'),
    h('div', { class: 'dialog-actions' }, h('button', { class: 'button primary', type: 'button', onclick: () => finish(answer.deleted) }, 'OK')),
  );
}
