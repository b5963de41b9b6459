import {
  type ChangeEvent,
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
  type Ref,
} from 'react';
import {
  useCombobox,
  type UseComboboxGetInputPropsOptions,
  type UseComboboxState,
} from 'downshift';

type Changes = Partial<UseComboboxState<string>>;

/**
 * The keyboard and ARIA side of a field with suggestions (WAI-ARIA combobox pattern, list
 * autocomplete), from Downshift's `useCombobox`, shared by the search box and the form field.
 * Down and Up move through the options (wrapping, from either end when none is active) while the
 * field keeps the focus; Enter or a tap picks one; Escape closes an open list without reaching
 * the page's other Escape handlers (a dialog's). The list opens when the field gets the focus
 * and shows while there is something to offer. Only the keyboard marks an option active: the
 * pointer's hover is a lighter shade, as it always was, and leaving the field picks nothing.
 */
export function useSuggestions({
  options,
  value,
  onType,
  onPick,
  clearOnEscape = false,
  onClear,
}: {
  options: readonly string[];
  /** What the field shows. */
  value: string;
  /** What was typed. */
  onType: (text: string) => void;
  onPick: (option: string) => void;
  /** Escape on a closed list clears the field (a search box). */
  clearOnEscape?: boolean;
  onClear?: () => void;
}) {
  const combobox = useCombobox<string>({
    items: [...options],
    inputValue: value,
    // What is typed stays free text: a pick fills the field, and nothing stays selected.
    selectedItem: null,
    stateReducer: (state, { type, changes }): Changes => {
      const types = useCombobox.stateChangeTypes;
      switch (type) {
        case types.ItemMouseMove:
        case types.MenuMouseLeave:
          return { ...changes, highlightedIndex: state.highlightedIndex };
        case types.InputBlur:
          return { ...changes, selectedItem: state.selectedItem, inputValue: state.inputValue };
        // A click in the field that has the focus leaves the list as it is.
        case types.InputClick:
          return { ...changes, isOpen: state.isOpen, highlightedIndex: state.highlightedIndex };
        default:
          return changes;
      }
    },
  });
  const expanded = combobox.isOpen && options.length > 0;

  // Typing, picking and clearing reach the caller in the event itself, so the field never shows
  // a value the caller has not seen; Downshift keeps the list's state, keys and ARIA.
  const leaveToPage = (e: KeyboardEvent<HTMLInputElement> | MouseEvent<HTMLLIElement>) => {
    (e.nativeEvent as Event & { preventDownshiftDefault?: boolean }).preventDownshiftDefault = true;
  };
  const pick = (option: string) => {
    combobox.closeMenu();
    onPick(option);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      const option = expanded ? options[combobox.highlightedIndex] : undefined;
      // Enter without an active option submits what was typed (the search box's form).
      if (option !== undefined) {
        e.preventDefault();
        pick(option);
      }
      leaveToPage(e);
    }
    if (e.key !== 'Escape') return;
    if (expanded) {
      e.stopPropagation();
      return;
    }
    // Without clearing, Escape on a closed list is left to the page.
    if (clearOnEscape && value !== '') {
      e.preventDefault();
      onClear?.();
    }
    leaveToPage(e);
  };

  /** The field's attributes and handlers, with the caller's own handlers called first. */
  const getInputProps = ({
    onFocus,
    onBlur,
    ...extra
  }: UseComboboxGetInputPropsOptions & { ref?: Ref<HTMLInputElement> | undefined } = {}) => {
    const props = combobox.getInputProps({
      ...extra,
      onKeyDown,
      onChange: (e: ChangeEvent<HTMLInputElement>) => onType(e.target.value),
      onFocus: (e: FocusEvent<HTMLInputElement>) => {
        onFocus?.(e);
        combobox.openMenu();
      },
      onBlur,
      // The field keeps its own label.
      'aria-labelledby': undefined,
    });
    return {
      ...props,
      // Expanded while there is something to offer; an active option only then.
      'aria-expanded': expanded,
      'aria-activedescendant': (expanded && props['aria-activedescendant']) || undefined,
    };
  };

  /** An option's attributes; a tap picks it. */
  const getItemProps = (option: string, index: number) =>
    combobox.getItemProps({
      item: option,
      index,
      onClick: (e: MouseEvent<HTMLLIElement>) => {
        leaveToPage(e);
        pick(option);
      },
    });

  return { combobox, expanded, getInputProps, getItemProps, close: combobox.closeMenu };
}

/**
 * The list of suggestions under a combobox's field (ARIA listbox): the active one highlighted.
 * A pointer picks without taking the focus from the field.
 */
export function SuggestionList({
  list,
  label,
  options,
  expanded,
  maxHeightClass = 'max-h-72',
}: {
  list: ReturnType<typeof useSuggestions>;
  label: string;
  options: readonly string[];
  expanded: boolean;
  maxHeightClass?: string;
}) {
  return (
    <ul
      {...list.combobox.getMenuProps({ 'aria-labelledby': undefined, 'aria-label': label })}
      className={`${expanded ? 'block' : 'hidden'} absolute top-full right-0 left-0 z-40 mt-1 ${maxHeightClass} overflow-y-auto rounded-box border border-base-300 bg-base-100 p-1 shadow-lg`}
    >
      {expanded &&
        options.map((option, index) => (
          <li
            key={option}
            {...list.getItemProps(option, index)}
            className={`flex min-h-11 cursor-pointer items-center rounded-field px-3 wrap-anywhere ${index === list.combobox.highlightedIndex ? 'bg-primary text-primary-content' : 'hover:bg-base-200'}`}
          >
            {option}
          </li>
        ))}
    </ul>
  );
}
