/**
 * SQL that quotes a text expression as one tsquery operand: `'word'`, the backslashes and single quotes
 * inside doubled, so no lexeme (nor an agent's id) is read as an operator, a prefix or a weight.
 * One source for the keyword search's matching words (`keyword-index.ts`) and the agent's word
 * (`hippocampus_agent_query`, schema 9): the index holds what the one writes and the other asks.
 *
 * @example
 * tsqueryOperand('lexeme') // '''' || replace(replace(lexeme, '\', '\\'), '''', '''''') || ''''
 */
export function tsqueryOperand(expression: string): string {
  return `'''' || replace(replace(${expression}, '\\', '\\\\'), '''', '''''') || ''''`;
}
