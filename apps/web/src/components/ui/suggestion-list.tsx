/**
 * The list of suggestions under a combobox's field (ARIA listbox): the active one highlighted,
 * each option's id `${id}-${index}` for the field's aria-activedescendant. A pointer picks without
 * taking the focus from the field.
 */
export function SuggestionList({
  id,
  label,
  options,
  active,
  expanded,
  onPick,
  maxHeightClass = 'max-h-72',
}: {
  id: string;
  label: string;
  options: readonly string[];
  active: number;
  expanded: boolean;
  onPick: (option: string) => void;
  maxHeightClass?: string;
}) {
  return (
    <ul
      id={id}
      role="listbox"
      aria-label={label}
      className={`${expanded ? 'block' : 'hidden'} absolute top-full right-0 left-0 z-40 mt-1 ${maxHeightClass} overflow-y-auto rounded-box border border-base-300 bg-base-100 p-1 shadow-lg`}
    >
      {options.map((option, index) => (
        <li
          key={option}
          id={`${id}-${index}`}
          role="option"
          aria-selected={index === active}
          // The field keeps the focus while the pointer picks.
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => onPick(option)}
          className={`flex min-h-11 cursor-pointer items-center rounded-field px-3 wrap-anywhere ${index === active ? 'bg-primary text-primary-content' : 'hover:bg-base-200'}`}
        >
          {option}
        </li>
      ))}
    </ul>
  );
}
