import { useId, useState, type KeyboardEvent } from 'react';

/**
 * The keyboard and ARIA side of a combobox's suggestion list (WAI-ARIA combobox pattern, list
 * autocomplete), shared by the search box and the form field: whether the list is open, which
 * option is active, and the field's attributes. Down and Up move through the options (wrapping,
 * from either end when none is active) while the field keeps the focus; Escape closes an open
 * list without reaching the page's other Escape handlers (a dialog's); Enter picks the active
 * option.
 */
export function useSuggestionList(options: readonly string[], onPick: (option: string) => void) {
  const listId = `${useId()}-list`;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const expanded = open && options.length > 0;

  const close = () => {
    setOpen(false);
    setActive(-1);
  };

  /** Handles the list's keys; false for a key the field's own handler may use. */
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>): boolean => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (options.length === 0) return true;
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setOpen(true);
      setActive((i) =>
        !expanded || i < 0
          ? step === 1
            ? 0
            : options.length - 1
          : (i + step + options.length) % options.length,
      );
      return true;
    }
    if (e.key === 'Escape' && expanded) {
      e.preventDefault();
      e.stopPropagation();
      close();
      return true;
    }
    if (e.key === 'Enter' && expanded && active >= 0) {
      e.preventDefault();
      const option = options[active];
      if (option !== undefined) onPick(option);
      return true;
    }
    return false;
  };

  const fieldProps = {
    role: 'combobox',
    'aria-autocomplete': 'list',
    'aria-expanded': expanded,
    'aria-controls': listId,
    'aria-activedescendant': expanded && active >= 0 ? `${listId}-${active}` : undefined,
    autoComplete: 'off',
  } as const;

  return { listId, active, setActive, expanded, setOpen, close, onKeyDown, fieldProps };
}
