/**
 * How much of a memory the statement guards read: its opening statement, where the subject, its verb and
 * what it is done to stand. A memory may be 60 KB, and compromise took ~7 s to tag all of a 54 KB one.
 */
export const OPENING_READ = 600;

/** A memory's first OPENING_READ characters: what a guard reads of it. */
export const openingOf = (content: string): string => content.slice(0, OPENING_READ);
