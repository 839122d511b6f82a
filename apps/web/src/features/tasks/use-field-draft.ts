import { useEffect, useRef, useState } from 'react';

/**
 * What a field edited in place shows: the saved value, followed when it changes (someone else's
 * change, or the answer to this save), but never while the person types and never over a value the
 * server refused (they see what they typed beside the reason, to correct it). Leaving the field is no
 * reason to reset it either.
 */
export function useFieldDraft(saved: string, { editing, refused }: { editing: boolean; refused: boolean }) {
  const [draft, setDraft] = useState(saved);
  const followed = useRef(saved);
  useEffect(() => {
    if (saved === followed.current) return;
    followed.current = saved;
    if (!editing && !refused) setDraft(saved);
  }, [saved, editing, refused]);
  return [draft, setDraft] as const;
}
