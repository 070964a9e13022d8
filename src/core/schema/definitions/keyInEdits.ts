/**
 * Whether edits may have written a key into a text that held none, from the text around each edit
 * alone: a new occurrence overlaps what an edit inserted or spans where it deleted, as any other
 * stretch of the text was there before. Typing in a 1 MB record never reads it whole for this.
 */

/** A change as VS Code reports it: `offset` and `length` in the text the changes before it left. */
export interface Edit {
  offset: number;
  length: number;
  text: string;
}

interface Stretch {
  start: number;
  end: number;
}

/** Where the text after `edits`, applied in turn, holds what they inserted (or, empty, where they deleted). */
export function editedStretches(edits: readonly Edit[]): Stretch[] {
  let stretches: Stretch[] = [];
  for (const { offset, length, text } of edits) {
    const end = offset + length;
    const grown = text.length - length;
    stretches = stretches.map((s) => {
      if (s.start >= end) {
        return { start: s.start + grown, end: s.end + grown };
      }
      // One this edit touches takes it in whole.
      return s.end <= offset ? s : { start: Math.min(s.start, offset), end: Math.max(s.end + grown, offset + text.length) };
    });
    stretches.push({ start: offset, end: offset + text.length });
  }
  return stretches;
}

/**
 * Whether the text after `edits` may hold `key` where the text before them held none. `read(start,
 * end)` reads the text after them (offsets beyond it clamped).
 */
export function mayHaveWritten(key: string, edits: readonly Edit[], read: (start: number, end: number) => string): boolean {
  return editedStretches(edits).some(({ start, end }) => read(Math.max(0, start - key.length + 1), end + key.length - 1).includes(key));
}
