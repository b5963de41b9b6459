import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import { useFormat } from '../../../i18n/locale.tsx';
import 'uplot/dist/uPlot.min.css';

const HEIGHT = 180;
const DAY_S = 24 * 60 * 60;

/** A colour of the page's theme, as the canvas needs it. */
function themeColour(name: string, fallback: string): string {
  const value = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  return value || fallback;
}

/**
 * One bar per day, drawn on a canvas by uPlot. Loaded only when the dashboard shows, so that no
 * other page carries the chart code. The canvas is a picture for sighted people: its figure's
 * title, summary and table say the same in words (the canvas is hidden from screen readers).
 */
export default function DailyBarChart({
  days,
  values,
  label,
}: {
  /** YYYY-MM-DD, oldest first. */
  days: readonly string[];
  values: readonly number[];
  label: string;
}) {
  const format = useFormat();
  const boxRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    const stroke = themeColour('--color-primary', '#4f46e5');
    const ink = themeColour('--color-base-content', '#1f2937');
    const grid = themeColour('--color-base-300', '#e5e7eb');
    // The page's own font: the canvas does not fall back to it by itself, and a Bangla page's
    // digits and months need it.
    const font = `12px ${getComputedStyle(box).fontFamily}`;
    const xs = days.map((day) => Date.parse(`${day}T00:00:00Z`) / 1000);
    const chart = new uPlot(
      {
        width: Math.max(box.clientWidth, 200),
        height: HEIGHT,
        legend: { show: false },
        cursor: { show: false },
        scales: {
          x: { time: true, range: (_u, min, max) => [min - DAY_S / 2, max + DAY_S / 2] },
          // From zero, and never a scale of fractions when every day is zero.
          y: { range: (_u, _min, max) => [0, Math.max(1, max)] },
        },
        axes: [
          {
            stroke: ink,
            font,
            grid: { show: false },
            ticks: { stroke: grid },
            values: (_u, splits) =>
              splits.map((s) => format.calendarDay(new Date(s * 1000).toISOString().slice(0, 10))),
          },
          {
            stroke: ink,
            font,
            grid: { stroke: grid },
            ticks: { stroke: grid },
            // Whole numbers only: these are counts.
            incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000],
            values: (_u, splits) => splits.map((v) => format.count(v)),
            size: 40,
          },
        ],
        series: [
          {},
          {
            label,
            stroke,
            fill: stroke,
            width: 0,
            paths: uPlot.paths.bars?.({ size: [0.7, 24] }),
            points: { show: false },
          },
        ],
      },
      [xs, [...values]],
      box,
    );
    // Text drawn before the font arrived is drawn again with it.
    let drawn = true;
    void document.fonts.ready.then(() => {
      if (drawn) chart.redraw(false, true);
    });
    const resize = new ResizeObserver(() => {
      chart.setSize({ width: Math.max(box.clientWidth, 200), height: HEIGHT });
    });
    resize.observe(box);
    return () => {
      drawn = false;
      resize.disconnect();
      chart.destroy();
    };
  }, [days, values, label, format]);

  return <div ref={boxRef} aria-hidden="true" className="w-full overflow-hidden" />;
}
