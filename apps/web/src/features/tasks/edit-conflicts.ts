/**
 * One field as text, so any two values of it can be shown side by side and merged by hand: how to read
 * it from the record and what change writes a text back.
 */
export interface TextField<Subject, Changes> {
  /** The field's words for people ("Title", "Acceptance criteria"). */
  label: string;
  read: (subject: Subject) => string;
  write: (text: string) => Changes;
}

/**
 * Two texts of one field that cannot both be kept: what the person wrote, and what someone else saved
 * after the person's edit began. The person chooses: keep theirs, take the other, or merge by hand.
 */
export interface TextConflict<Subject, Changes> {
  field: TextField<Subject, Changes>;
  mine: string;
  theirs: string;
}

/**
 * What an edit sends, decided against the record as it is now: the edit knows the value it began from,
 * so a change by someone else to the same field is a conflict, never overwritten, while changes to
 * other fields (a move, a label) are kept and the edit goes on top of them.
 */
export type EditOutcome<Subject, Changes> =
  | { changes: Changes }
  | { conflict: TextConflict<Subject, Changes> };

/** An edit decided against the record as it is when it goes out (and again after a 409). */
export type Edit<Subject, Changes> = (current: Subject) => EditOutcome<Subject, Changes>;

/** A text edit: it goes on top of `current` unless someone else changed the same text meanwhile. */
export function textEdit<Subject, Changes>(
  field: TextField<Subject, Changes>,
  begunFrom: string,
  mine: string,
): Edit<Subject, Changes> {
  return (current) => {
    const now = field.read(current);
    if (now === begunFrom || now === mine) return { changes: field.write(mine) };
    return { conflict: { field, mine, theirs: now } };
  };
}
