/**
 * A line icon in the text's colour, drawn on a 24-unit grid. Hidden from screen readers: the
 * button or text beside it says what it means.
 */
export function LineIcon({
  d,
  size = 24,
  strokeWidth = 2,
}: {
  d: string;
  size?: number;
  strokeWidth?: number;
}) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" fill="none">
      <path
        d={d}
        stroke="currentColor"
        strokeWidth={strokeWidth}
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
