import { z } from 'zod';

// Pure window-placement logic, kept apart from electron so that it runs (and is tested) in Node.

export const windowStateSchema = z.object({
  x: z.number().int(),
  y: z.number().int(),
  width: z.number().int().min(200),
  height: z.number().int().min(150),
  maximized: z.boolean(),
});
export type WindowState = z.infer<typeof windowStateSchema>;

export interface Area {
  x: number;
  y: number;
  width: number;
  height: number;
}

// Enough of the window to grab its title bar and drag it back.
const MIN_VISIBLE = { width: 100, height: 50 };

/** Whether saved bounds still show a usable part of the window on one of the displays. */
export function isReachable(bounds: Area, workAreas: Area[]): boolean {
  return workAreas.some((area) => {
    const width =
      Math.min(bounds.x + bounds.width, area.x + area.width) - Math.max(bounds.x, area.x);
    const height =
      Math.min(bounds.y + bounds.height, area.y + area.height) - Math.max(bounds.y, area.y);
    return width >= MIN_VISIBLE.width && height >= MIN_VISIBLE.height;
  });
}
