import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { UsageRow } from '../../../../shared/contract/usage';

/** Days shown: a month, enough to see a trend without bars too thin to read. */
const DAYS = 30;
const HEIGHT = 160;
const HALF_DAY = 43_200;

/** Local midnight of a `YYYY-MM-DD` day, in seconds (uPlot's time scale). */
function dayStart(day: string): number {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(year!, month! - 1, date!).getTime() / 1000;
}

/** Cost per day over the last month with any spending, as bars. */
export default function UsageChart({ days }: { days: readonly UsageRow[] }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const shown = days.slice(0, DAYS).toReversed();
    const accent = getComputedStyle(element).getPropertyValue('--accent').trim() || '#5fa8ff';
    const muted = getComputedStyle(element).getPropertyValue('--muted').trim() || '#8a93a5';
    const axis = { stroke: muted, grid: { stroke: 'rgb(255 255 255 / 6%)' } };
    const chart = new uPlot(
      {
        width: Math.max(200, element.clientWidth),
        height: HEIGHT,
        legend: { show: false },
        cursor: { show: false },
        scales: {
          // Half a day either side, so the first and last bars are whole.
          x: { time: true, range: (_u, min, max) => [min - HALF_DAY, max + HALF_DAY] },
          y: { range: (_u, _min, max) => [0, max > 0 ? max * 1.1 : 1] },
        },
        axes: [axis, { ...axis, values: (_u, values) => values.map((v) => `$${v.toFixed(2)}`) }],
        series: [
          {},
          {
            label: 'Cost',
            stroke: accent,
            fill: `${accent}80`,
            paths: uPlot.paths.bars!({ size: [0.7, 40] }),
            points: { show: false },
          },
        ],
      },
      [shown.map((row) => dayStart(row.key)), shown.map((row) => row.costUsd)],
      element,
    );
    const resize = new ResizeObserver(() =>
      chart.setSize({ width: Math.max(200, element.clientWidth), height: HEIGHT }),
    );
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [days]);
  return (
    <div
      className="usage-chart"
      ref={box}
      role="img"
      aria-label={`Cost per day, last ${Math.min(days.length, DAYS)} days with usage`}
    />
  );
}
