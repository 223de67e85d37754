import { h, mount } from './dom.ts';

/** Asks for the bearer token when the server requires one (it is kept for this tab only). */
export function promptForToken(): Promise<string | null> {
  const dialog = h('dialog', { class: 'dialog' });
  document.body.append(dialog);
  const input = h('input', { type: 'password', class: 'input', placeholder: 'HIPPOCAMPUS_TOKEN', autocomplete: 'off' });
  return new Promise((resolve) => {
    const finish = (value: string | null) => {
      dialog.close();
      dialog.remove();
      resolve(value);
    };
    const form = h('form', { method: 'dialog' }, h('h2', {}, 'This server needs a token'), h('p', { class: 'muted' }, 'Enter the bearer token the server was started with.'), input, h('div', { class: 'dialog-actions' }, h('button', { class: 'button', type: 'button', onclick: () => finish(null) }, 'Cancel'), h('button', { class: 'button primary', type: 'submit' }, 'Continue')));
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      finish(input.value.trim() || null);
    });
    mount(dialog, form);
    dialog.showModal();
  });
}
