// What a terminal would act on rather than show: C0 controls but the line feed and tab, DEL, C1 controls,
// and the bidirectional overrides and isolates that reorder what follows them on screen.
const ACTING = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/gu;

/**
 * Text as a terminal should show it: every character it would act on written as its `\uXXXX` escape. A
 * memory's content comes from conversations a stranger may have written into (a transcript, a messages
 * table): printed raw, `ESC ] 52` set the clipboard and `ESC [ 2 J` cleared the screen.
 *
 * @example
 * terminalSafe('red \u001b[31m'); // 'red \\u001b[31m'
 */
export function terminalSafe(text: string): string {
  return text.replace(ACTING, (character) => `\\u${character.codePointAt(0)!.toString(16).padStart(4, '0')}`);
}
