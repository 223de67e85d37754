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
      afterForget(agent, dialog, answer, finish);
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

/**
 * A candidate with a box to tick: ticking adds its id to `picked` (unticking takes it out), then `changed` runs.
 * `extra` is shown after its content (why it was offered).
 */
function tickable(candidate: ForgetCandidate, picked: Set<string>, testId: string, changed: () => void, extra: HTMLElement | null): HTMLElement {
  const box = h('input', { type: 'checkbox', 'aria-label': `forget: ${candidate.content}`, 'data-testid': testId });
  box.addEventListener('change', () => {
    if (box.checked) picked.add(candidate.id);
    else picked.delete(candidate.id);
    changed();
  });
  return h('li', {}, box, h('span', { class: 'forget-content' }, candidate.content), extra, h('code', { class: 'muted' }, candidate.id));
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
    const changed = () => {
      confirm.toggleAttribute('disabled', picked.size === 0);
      confirm.textContent = label();
    };
    const item = (candidate: ForgetCandidate) => tickable(candidate, picked, 'forget-candidate', changed, h('span', { class: 'muted' }, candidate.why));
    confirm.addEventListener('click', async () => {
      confirm.setAttribute('disabled', '');
      const answer = await api.forget(agent, { ids: [...picked] });
      afterForget(agent, dialog, answer, finish);
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
 * Done, unless a memory block or a recent conversation still says what went: blocks are the agent's own notes and
 * a forget does not rewrite them, so the dialog names the lines (as forget_memory, HTTP and the CLI do); a
 * conversation in working memory that still holds every word of the description comes back as a candidate (HTTP's
 * `candidates` beside what was deleted), offered here with a box to tick, forgotten by its id.
 */
function afterForget(agent: string, dialog: HTMLDialogElement, answer: ForgetAnswer, finish: (result: string[] | null) => void): void {
  const stillInBlocks = answer.stillInBlocks ?? [];
  const stillSaying = answer.candidates ?? [];
  if (stillInBlocks.length === 0 && stillSaying.length === 0) return finish(answer.deleted);
  const picked = new Set<string>();
  const done = h('button', { class: 'button primary', type: 'button', 'data-testid': 'after-forget-done' }, 'OK');
  done.addEventListener('click', async () => {
    done.setAttribute('disabled', '');
    const more = picked.size > 0 ? await api.forget(agent, { ids: [...picked] }) : undefined;
    finish([...answer.deleted, ...(more?.deleted ?? [])]);
  });
  const changed = () => {
    done.textContent = picked.size === 0 ? 'OK' : `Forget ${picked.size} conversation${picked.size === 1 ? '' : 's'} too`;
  };
  const conversation = (candidate: ForgetCandidate) => tickable(candidate, picked, 'forget-conversation', changed, null);
  mount(
    dialog,
    h('h2', {}, stillInBlocks.length > 0 ? `Forgotten — but ${stillInBlocks.length === 1 ? 'a memory block still says' : 'memory blocks still say'} it` : 'Forgotten — but recent conversations still say it'),
    stillInBlocks.length > 0
      ? h(
          'ul',
          { class: 'forget-list', 'data-testid': 'still-in-blocks' },
          stillInBlocks.flatMap((entry) => entry.lines.map((line) => h('li', {}, h('code', { class: 'muted' }, entry.key), h('span', { class: 'forget-content' }, line)))),
        )
      : null,
    stillInBlocks.length > 0 ? h('p', { class: 'muted' }, 'Every prompt that includes these blocks still carries these lines: remove them under Blocks.') : null,
    stillSaying.length > 0 ? h('ul', { class: 'forget-list', 'data-testid': 'still-in-conversations' }, stillSaying.map(conversation)) : null,
    stillSaying.length > 0 ? h('p', { class: 'muted' }, 'These recent conversations in working memory still say it. Tick the ones to forget too (the whole conversation goes).') : null,
    h('div', { class: 'dialog-actions' }, done),
  );
}
